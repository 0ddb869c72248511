// Copyright 2017 Manu Martinez-Almeida. All rights reserved.
package binding
import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"github.com/go-playground/validator/v10"
)
type defaultValidator struct {
	once     sync.Once
	validate *validator.Validate
}
type SliceValidationError []error
func (err SliceValidationError) Error() string {
	if len(err) == 0 {
		return ""
	}
	var b strings.Builder
	for i := range len(err) {
		if err[i] != nil {
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString("[")
			b.WriteString(strconv.Itoa(i))
			b.WriteString("]: ")
			b.WriteString(err[i].Error())
		}
	}
	return b.String()
}
var _ StructValidator = (*defaultValidator)(nil)
func (v *defaultValidator) ValidateStruct(obj any) error {
	if obj == nil {
		return nil
	}
	value := reflect.ValueOf(obj)
	switch value.Kind() {
	case reflect.Ptr:
		if value.Elem().Kind() != reflect.Struct {
			return v.ValidateStruct(value.Elem().Interface())
		}
		return v.validateStruct(obj)
	case reflect.Struct:
		return v.validateStruct(obj)
	case reflect.Slice, reflect.Array:
		count := value.Len()
		validateRet := make(SliceValidationError, 0)
		for i := range count {
			if err := v.ValidateStruct(value.Index(i).Interface()); err != nil {
				validateRet = append(validateRet, err)
			}
		}
		if len(validateRet) == 0 {
			return nil
		}
		return validateRet
	default:
		return nil
	}
}
func (v *defaultValidator) validateStruct(obj any) error {
	v.lazyinit()
	return v.validate.Struct(obj)
}
func (v *defaultValidator) Engine() any {
	v.lazyinit()
	return v.validate
}
func (v *defaultValidator) lazyinit() {
	v.once.Do(func() {
		v.validate = validator.New()
		v.validate.SetTagName("binding")
	})
}
