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
package com.google.gson.internal.bind;
import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
final class TypeAdapterRuntimeTypeWrapper<T> extends TypeAdapter<T> {
  private final Gson context;
  private final TypeAdapter<T> delegate;
  private final Type type;
  TypeAdapterRuntimeTypeWrapper(Gson context, TypeAdapter<T> delegate, Type type) {
    this.context = context;
    this.delegate = delegate;
    this.type = type;
  }
  @Override
  public T read(JsonReader in) throws IOException {
    return delegate.read(in);
  }
  @Override
  public void write(JsonWriter out, T value) throws IOException {
    TypeAdapter<T> chosen = delegate;
    Type runtimeType = getRuntimeTypeIfMoreSpecific(type, value);
    @SuppressWarnings("ReferenceEquality")
    boolean isDifferentType = runtimeType != type;
    if (isDifferentType) {
      @SuppressWarnings("unchecked")
      TypeAdapter<T> runtimeTypeAdapter =
          (TypeAdapter<T>) context.getAdapter(TypeToken.get(runtimeType));
      if (!(runtimeTypeAdapter instanceof ReflectiveTypeAdapterFactory.Adapter)) {
        chosen = runtimeTypeAdapter;
      } else if (!isReflective(delegate)) {
        chosen = delegate;
      } else {
        chosen = runtimeTypeAdapter;
      }
    }
    chosen.write(out, value);
  }
  private static boolean isReflective(TypeAdapter<?> typeAdapter) {
    while (typeAdapter instanceof SerializationDelegatingTypeAdapter) {
      TypeAdapter<?> delegate =
          ((SerializationDelegatingTypeAdapter<?>) typeAdapter).getSerializationDelegate();
      @SuppressWarnings("ReferenceEquality")
      boolean hasNoDelegate = delegate == typeAdapter;
      if (hasNoDelegate) {
        break;
      }
      typeAdapter = delegate;
    }
    return typeAdapter instanceof ReflectiveTypeAdapterFactory.Adapter;
  }
  private static Type getRuntimeTypeIfMoreSpecific(Type type, Object value) {
    if (value != null && (type instanceof Class<?> || type instanceof TypeVariable<?>)) {
      type = value.getClass();
    }
    return type;
  }
}
