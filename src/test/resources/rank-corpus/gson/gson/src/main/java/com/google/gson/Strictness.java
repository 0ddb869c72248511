package com.google.gson;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
public enum Strictness {
  LENIENT,
  LEGACY_STRICT,
  STRICT
}
