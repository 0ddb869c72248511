int deflate(int level) { return level; }
