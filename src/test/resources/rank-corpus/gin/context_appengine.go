// Copyright 2017 Manu Martinez-Almeida. All rights reserved.
package gin
func init() {
	defaultPlatform = PlatformGoogleAppEngine
}
