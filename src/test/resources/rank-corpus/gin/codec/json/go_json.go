// Copyright 2025 Gin Core Team. All rights reserved.
package json
import (
	"io"
	"github.com/goccy/go-json"
)
const Package = "github.com/goccy/go-json"
func init() {
	API = gojsonApi{}
}
type gojsonApi struct{}
func (j gojsonApi) Marshal(v any) ([]byte, error) {
	return json.Marshal(v)
}
func (j gojsonApi) Unmarshal(data []byte, v any) error {
	return json.Unmarshal(data, v)
}
func (j gojsonApi) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return json.MarshalIndent(v, prefix, indent)
}
func (j gojsonApi) NewEncoder(writer io.Writer) Encoder {
	return json.NewEncoder(writer)
}
func (j gojsonApi) NewDecoder(reader io.Reader) Decoder {
	return json.NewDecoder(reader)
}
