// Copyright 2026 Gin Core Team. All rights reserved.
package render
import "net/http"
type PDF struct {
	Data []byte
}
var pdfContentType = []string{"application/pdf"}
func (r PDF) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	_, err := w.Write(r.Data)
	return err
}
func (r PDF) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, pdfContentType)
}
