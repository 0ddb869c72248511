function legacy() {}
