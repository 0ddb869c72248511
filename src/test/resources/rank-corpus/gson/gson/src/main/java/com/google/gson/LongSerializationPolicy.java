/*
 * Copyright (C) 2009 Google Inc.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 * http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package com.google.gson;
import com.google.gson.internal.bind.TypeAdapters;
public enum LongSerializationPolicy {
  DEFAULT() {
    @Override
    public JsonElement serialize(Long value) {
      if (value == null) {
        return JsonNull.INSTANCE;
      }
      return new JsonPrimitive(value);
    }
    @Override
    TypeAdapter<Number> typeAdapter() {
      return TypeAdapters.LONG;
    }
  },
  STRING() {
    @Override
    public JsonElement serialize(Long value) {
      if (value == null) {
        return JsonNull.INSTANCE;
      }
      return new JsonPrimitive(value.toString());
    }
    @Override
    TypeAdapter<Number> typeAdapter() {
      return TypeAdapters.LONG_AS_STRING;
    }
  };
  public abstract JsonElement serialize(Long value);
  abstract TypeAdapter<Number> typeAdapter();
}
