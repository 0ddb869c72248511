/*
 * Copyright (C) 2022 Google Inc.
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
import com.google.gson.internal.ReflectionAccessFilterHelper;
import java.lang.reflect.AccessibleObject;
public interface ReflectionAccessFilter {
  enum FilterResult {
    ALLOW,
    INDECISIVE,
    BLOCK_INACCESSIBLE,
    BLOCK_ALL
  }
  ReflectionAccessFilter BLOCK_INACCESSIBLE_JAVA =
      new ReflectionAccessFilter() {
        @Override
        public FilterResult check(Class<?> rawClass) {
          return ReflectionAccessFilterHelper.isJavaType(rawClass)
              ? FilterResult.BLOCK_INACCESSIBLE
              : FilterResult.INDECISIVE;
        }
        @Override
        public String toString() {
          return "ReflectionAccessFilter#BLOCK_INACCESSIBLE_JAVA";
        }
      };
  ReflectionAccessFilter BLOCK_ALL_JAVA =
      new ReflectionAccessFilter() {
        @Override
        public FilterResult check(Class<?> rawClass) {
          return ReflectionAccessFilterHelper.isJavaType(rawClass)
              ? FilterResult.BLOCK_ALL
              : FilterResult.INDECISIVE;
        }
        @Override
        public String toString() {
          return "ReflectionAccessFilter#BLOCK_ALL_JAVA";
        }
      };
  ReflectionAccessFilter BLOCK_ALL_ANDROID =
      new ReflectionAccessFilter() {
        @Override
        public FilterResult check(Class<?> rawClass) {
          return ReflectionAccessFilterHelper.isAndroidType(rawClass)
              ? FilterResult.BLOCK_ALL
              : FilterResult.INDECISIVE;
        }
        @Override
        public String toString() {
          return "ReflectionAccessFilter#BLOCK_ALL_ANDROID";
        }
      };
  ReflectionAccessFilter BLOCK_ALL_PLATFORM =
      new ReflectionAccessFilter() {
        @Override
        public FilterResult check(Class<?> rawClass) {
          return ReflectionAccessFilterHelper.isAnyPlatformType(rawClass)
              ? FilterResult.BLOCK_ALL
              : FilterResult.INDECISIVE;
        }
        @Override
        public String toString() {
          return "ReflectionAccessFilter#BLOCK_ALL_PLATFORM";
        }
      };
  FilterResult check(Class<?> rawClass);
}
