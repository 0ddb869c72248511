/*
 * Copyright (C) 2018 Google Inc.
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
package com.google.gson.internal;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Spliterator;
public class NonNullElementWrapperList<E> extends AbstractList<E> implements RandomAccess {
  private final ArrayList<E> delegate;
  @SuppressWarnings("NonApiType")
  public NonNullElementWrapperList(ArrayList<E> delegate) {
    this.delegate = Objects.requireNonNull(delegate);
  }
  @Override
  public E get(int index) {
    return delegate.get(index);
  }
  @Override
  public int size() {
    return delegate.size();
  }
  private E nonNull(E element) {
    if (element == null) {
      throw new NullPointerException("Element must be non-null");
    }
    return element;
  }
  @Override
  public E set(int index, E element) {
    return delegate.set(index, nonNull(element));
  }
  @Override
  public void add(int index, E element) {
    delegate.add(index, nonNull(element));
  }
  @Override
  public E remove(int index) {
    return delegate.remove(index);
  }
  @Override
  public void clear() {
    delegate.clear();
  }
  @SuppressWarnings("UngroupedOverloads")
  @Override
  public boolean remove(Object o) {
    return delegate.remove(o);
  }
  @Override
  public boolean removeAll(Collection<?> c) {
    return delegate.removeAll(c);
  }
  @Override
  public boolean retainAll(Collection<?> c) {
    return delegate.retainAll(c);
  }
  @Override
  public boolean contains(Object o) {
    return delegate.contains(o);
  }
  @Override
  public int indexOf(Object o) {
    return delegate.indexOf(o);
  }
  @Override
  public int lastIndexOf(Object o) {
    return delegate.lastIndexOf(o);
  }
  @Override
  public Object[] toArray() {
    return delegate.toArray();
  }
  @Override
  public <T> T[] toArray(T[] a) {
    return delegate.toArray(a);
  }
  @Override
  public void sort(Comparator<? super E> c) {
    delegate.sort(c);
  }
  @Override
  public Spliterator<E> spliterator() {
    return delegate.spliterator();
  }
  @Override
  public boolean equals(Object o) {
    return delegate.equals(o);
  }
  @Override
  public int hashCode() {
    return delegate.hashCode();
  }
}
