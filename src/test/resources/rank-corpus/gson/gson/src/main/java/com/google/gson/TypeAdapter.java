/*
 * Copyright (C) 2011 Google Inc.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package com.google.gson;
import com.google.gson.internal.Streams;
import com.google.gson.internal.bind.JsonTreeReader;
import com.google.gson.internal.bind.JsonTreeWriter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
public abstract class TypeAdapter<T> {
  public TypeAdapter() {}
  public abstract void write(JsonWriter out, T value) throws IOException;
  public final void toJson(Writer out, T value) throws IOException {
    JsonWriter writer = new JsonWriter(out);
    write(writer, value);
  }
  public final String toJson(T value) {
    StringBuilder stringBuilder = new StringBuilder();
    try {
      toJson(Streams.writerForAppendable(stringBuilder), value);
    } catch (IOException e) {
      throw new JsonIOException(e);
    }
    return stringBuilder.toString();
  }
  public final JsonElement toJsonTree(T value) {
    try {
      JsonTreeWriter jsonWriter = new JsonTreeWriter();
      write(jsonWriter, value);
      return jsonWriter.get();
    } catch (IOException e) {
      throw new JsonIOException(e);
    }
  }
  public abstract T read(JsonReader in) throws IOException;
  public final T fromJson(Reader in) throws IOException {
    JsonReader reader = new JsonReader(in);
    return read(reader);
  }
  public final T fromJson(String json) throws IOException {
    return fromJson(new StringReader(json));
  }
  public final T fromJsonTree(JsonElement jsonTree) {
    try {
      JsonReader jsonReader = new JsonTreeReader(jsonTree);
      return read(jsonReader);
    } catch (IOException e) {
      throw new JsonIOException(e);
    }
  }
  public final TypeAdapter<T> nullSafe() {
    if (!(this instanceof TypeAdapter.NullSafeTypeAdapter)) {
      return new NullSafeTypeAdapter();
    }
    return this;
  }
  private final class NullSafeTypeAdapter extends TypeAdapter<T> {
    @Override
    public void write(JsonWriter out, T value) throws IOException {
      if (value == null) {
        out.nullValue();
      } else {
        TypeAdapter.this.write(out, value);
      }
    }
    @Override
    public T read(JsonReader reader) throws IOException {
      if (reader.peek() == JsonToken.NULL) {
        reader.nextNull();
        return null;
      }
      return TypeAdapter.this.read(reader);
    }
    @Override
    public String toString() {
      return "NullSafeTypeAdapter[" + TypeAdapter.this + "]";
    }
  }
}
