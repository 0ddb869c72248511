// Copyright 2014 Manu Martinez-Almeida. All rights reserved.
package render
import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"unicode"
	"github.com/gin-gonic/gin/codec/json"
	"github.com/gin-gonic/gin/internal/bytesconv"
)
type JSON struct {
	Data any
}
type IndentedJSON struct {
	Data any
}
type SecureJSON struct {
	Prefix string
	Data   any
}
type JsonpJSON struct {
	Callback string
	Data     any
}
type AsciiJSON struct {
	Data any
}
type PureJSON struct {
	Data any
}
var (
	jsonContentType      = []string{"application/json; charset=utf-8"}
	jsonpContentType     = []string{"application/javascript; charset=utf-8"}
	jsonASCIIContentType = []string{"application/json"}
)
func (r JSON) Render(w http.ResponseWriter) error {
	return WriteJSON(w, r.Data)
}
func (r JSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, jsonContentType)
}
func WriteJSON(w http.ResponseWriter, obj any) error {
	writeContentType(w, jsonContentType)
	jsonBytes, err := json.API.Marshal(obj)
	if err != nil {
		return err
	}
	_, err = w.Write(jsonBytes)
	return err
}
func (r IndentedJSON) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	jsonBytes, err := json.API.MarshalIndent(r.Data, "", "    ")
	if err != nil {
		return err
	}
	_, err = w.Write(jsonBytes)
	return err
}
func (r IndentedJSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, jsonContentType)
}
func (r SecureJSON) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	jsonBytes, err := json.API.Marshal(r.Data)
	if err != nil {
		return err
	}
	if bytes.HasPrefix(jsonBytes, bytesconv.StringToBytes("[")) && bytes.HasSuffix(jsonBytes,
		bytesconv.StringToBytes("]")) {
		if _, err = w.Write(bytesconv.StringToBytes(r.Prefix)); err != nil {
			return err
		}
	}
	_, err = w.Write(jsonBytes)
	return err
}
func (r SecureJSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, jsonContentType)
}
func (r JsonpJSON) Render(w http.ResponseWriter) (err error) {
	r.WriteContentType(w)
	ret, err := json.API.Marshal(r.Data)
	if err != nil {
		return err
	}
	if r.Callback == "" {
		_, err = w.Write(ret)
		return err
	}
	callback := template.JSEscapeString(r.Callback)
	if _, err = w.Write(bytesconv.StringToBytes(callback)); err != nil {
		return err
	}
	if _, err = w.Write(bytesconv.StringToBytes("(")); err != nil {
		return err
	}
	if _, err = w.Write(ret); err != nil {
		return err
	}
	if _, err = w.Write(bytesconv.StringToBytes(");")); err != nil {
		return err
	}
	return nil
}
func (r JsonpJSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, jsonpContentType)
}
func (r AsciiJSON) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	ret, err := json.API.Marshal(r.Data)
	if err != nil {
		return err
	}
	var buffer bytes.Buffer
	escapeBuf := make([]byte, 0, 6)
	for _, r := range bytesconv.BytesToString(ret) {
		if r > unicode.MaxASCII {
			escapeBuf = fmt.Appendf(escapeBuf[:0], "\\u%04x", r)
			buffer.Write(escapeBuf)
		} else {
			buffer.WriteByte(byte(r))
		}
	}
	_, err = w.Write(buffer.Bytes())
	return err
}
func (r AsciiJSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, jsonASCIIContentType)
}
func (r PureJSON) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	encoder := json.API.NewEncoder(w)
	encoder.SetEscapeHTML(false)
	return encoder.Encode(r.Data)
}
func (r PureJSON) WriteContentType(w http.ResponseWriter) {
	writeContentType(w, jsonContentType)
}
