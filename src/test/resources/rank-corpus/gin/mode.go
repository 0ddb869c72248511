// Copyright 2014 Manu Martinez-Almeida. All rights reserved.
package gin
import (
	"flag"
	"io"
	"os"
	"sync/atomic"
	"github.com/gin-gonic/gin/binding"
)
const EnvGinMode = "GIN_MODE"
const (
	DebugMode = "debug"
	ReleaseMode = "release"
	TestMode = "test"
)
const (
	debugCode = iota
	releaseCode
	testCode
)
var DefaultWriter io.Writer = os.Stdout
var DefaultErrorWriter io.Writer = os.Stderr
var (
	ginMode  int32 = debugCode
	modeName atomic.Value
)
func init() {
	mode := os.Getenv(EnvGinMode)
	SetMode(mode)
}
func SetMode(value string) {
	if value == "" {
		if flag.Lookup("test.v") != nil {
			value = TestMode
		} else {
			value = DebugMode
		}
	}
	switch value {
	case DebugMode:
		atomic.StoreInt32(&ginMode, debugCode)
	case ReleaseMode:
		atomic.StoreInt32(&ginMode, releaseCode)
	case TestMode:
		atomic.StoreInt32(&ginMode, testCode)
	default:
		panic("gin mode unknown: " + value + " (available mode: debug release test)")
	}
	modeName.Store(value)
}
func DisableBindValidation() {
	binding.Validator = nil
}
func EnableJsonDecoderUseNumber() {
	binding.EnableDecoderUseNumber = true
}
func EnableJsonDecoderDisallowUnknownFields() {
	binding.EnableDecoderDisallowUnknownFields = true
}
func Mode() string {
	return modeName.Load().(string)
}
