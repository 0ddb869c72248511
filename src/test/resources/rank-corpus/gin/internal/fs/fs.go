package fs
import (
	"io/fs"
	"net/http"
)
type FileSystem struct {
	http.FileSystem
}
func (o FileSystem) Open(name string) (fs.File, error) {
	f, err := o.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	return fs.File(f), nil
}
