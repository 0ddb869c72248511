// Copyright 2023 Gin Core Team. All rights reserved.
package bytesconv
import (
	"unsafe"
)
func StringToBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
func BytesToString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
