// Copyright 2014 Manu Martinez-Almeida. All rights reserved.
package render
import (
	"net/http"
	"strconv"
)
type Data struct {
	ContentType string
	Data        []byte
}
func (r Data) Render(w http.ResponseWriter) (err error) {
	r.WriteContentType(w)
	if len(r.Data) > 0 {
		w.Header().Set("Content-Length", strconv.Itoa(len(r.Data)))
	}
	_, err = w.Write(r.Data)
	return
}
func (r Data) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, []string{r.ContentType})
}
