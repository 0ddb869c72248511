#!/usr/bin/env python
from certifi import where
if __name__ == "__main__":
    print(where())
