// Copyright 2018 Gin Core Team. All rights reserved.
package gin
const Version = "v1.12.0"
