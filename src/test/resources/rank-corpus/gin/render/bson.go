// Copyright 2025 Gin Core Team. All rights reserved.
package render
import (
	"net/http"
	"go.mongodb.org/mongo-driver/v2/bson"
)
type BSON struct {
	Data any
}
var bsonContentType = []string{"application/bson"}
func (r BSON) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	bytes, err := bson.Marshal(&r.Data)
	if err == nil {
		_, err = w.Write(bytes)
	}
	return err
}
func (r BSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, bsonContentType)
}
