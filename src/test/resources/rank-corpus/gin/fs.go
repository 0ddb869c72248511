// Copyright 2017 Manu Martinez-Almeida. All rights reserved.
package gin
import (
	"net/http"
	"os"
)
type OnlyFilesFS struct {
	FileSystem http.FileSystem
}
func (o OnlyFilesFS) Open(name string) (http.File, error) {
	f, err := o.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	return neutralizedReaddirFile{f}, nil
}
type neutralizedReaddirFile struct {
	http.File
}
func (n neutralizedReaddirFile) Readdir(_ int) ([]os.FileInfo, error) {
	return nil, nil
}
func Dir(root string, listDirectory bool) http.FileSystem {
	fs := http.Dir(root)
	if listDirectory {
		return fs
	}
	return &OnlyFilesFS{FileSystem: fs}
}
