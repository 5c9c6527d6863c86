package validate

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits every decoded request is held to before any handler sees it, so no
// string, list or number a caller sends can reach the database unbounded
// (a 50,000-character LIKE pattern, 40,000 SQL variables, a NUL byte that
// PostgreSQL refuses). The tags are the ones the OpenAPI document shows
// (swaggest/openapi-go reads maxLength, maxItems, minimum and maximum), so
// the contract documents each limit it enforces.
const (
	// DefaultMaxLength caps a string field without a maxLength tag: more
	// than any id, code, e-mail address (RFC 5321: 254) or name the API
	// takes, far below what strains a LIKE pattern or an index. Free texts
	// carry their own (smaller or larger) tag.
	DefaultMaxLength = 255
	// DefaultMaxItems caps a list or map field without a maxItems tag: no
	// screen sends more than 100 ids, roles or types at once.
	DefaultMaxItems = 100
	// maxInputErrors stops the walk of a hostile request early; the first
	// errors say enough.
	maxInputErrors = 20
)

// Bounded is a value that knows its own valid range, like money.Amount
// (±money.MaxAmount); the input check refuses it when out of range without
// knowing what it is.
type Bounded interface{ InBounds() bool }

// Input checks a decoded request as a whole: strings without NUL and within
// their maxLength (or DefaultMaxLength), lists and maps within their
// maxItems (or DefaultMaxItems), integers within their minimum and maximum
// tags, Bounded values in bounds. Each failure names the field by its JSON
// path (userData.firstname, types[3]) in the request's language; nil when
// all is well.
func Input(ctx context.Context, req any) error {
	c := New(ctx)
	c.input(reflect.ValueOf(req), "", reflect.StructTag(""))
	return c.Err()
}

var boundedType = reflect.TypeFor[Bounded]()

func (c *Checker) input(v reflect.Value, path string, tag reflect.StructTag) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	if c.errCount() >= maxInputErrors {
		return
	}
	if v.Type().Implements(boundedType) && v.CanInterface() && !v.Interface().(Bounded).InBounds() {
		c.Fail(path, "rule.outOfRange")
		return
	}
	switch v.Kind() {
	case reflect.String:
		c.inputString(path, v.String(), tag)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := v.Int()
		if lo, ok := intTag(tag, "minimum"); ok && n < lo {
			if lo == 1 {
				c.Fail(path, "rule.positive")
			} else {
				c.Fail(path, "rule.min", lo)
			}
		} else if hi, ok := intTag(tag, "maximum"); ok && n > hi {
			c.Fail(path, "rule.max", hi)
		}
	case reflect.Slice, reflect.Array, reflect.Map:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return // []byte: a base64 blob whose size the body limit bounds
		}
		limit := DefaultMaxItems
		if n, ok := intTag(tag, "maxItems"); ok {
			limit = int(n)
		}
		if v.Len() > limit {
			c.Fail(path, "rule.maxItems", limit)
			return // do not walk 40,000 items
		}
		// A maxLength tag on a list of strings bounds each of its strings.
		elemTag := reflect.StructTag("")
		if ml := tag.Get("maxLength"); ml != "" {
			elemTag = reflect.StructTag(`maxLength:"` + ml + `"`)
		}
		if v.Kind() == reflect.Map {
			iter := v.MapRange()
			for iter.Next() {
				key := fmt.Sprint(iter.Key().Interface())
				if strings.IndexByte(key, 0) >= 0 || len(key) > DefaultMaxLength {
					c.Fail(path, "rule.invalid") // a key too odd to name
					continue
				}
				c.input(iter.Value(), path+"."+key, elemTag)
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			c.input(v.Index(i), path+"["+strconv.Itoa(i)+"]", elemTag)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, skip := fieldName(f)
			if skip {
				continue
			}
			child := path
			if name != "" {
				child = joinPath(path, name)
			}
			c.input(v.Field(i), child, f.Tag)
		}
	}
}

func (c *Checker) inputString(path, s string, tag reflect.StructTag) {
	if strings.IndexByte(s, 0) >= 0 {
		c.Fail(path, "rule.nul")
		return
	}
	limit := DefaultMaxLength
	if n, ok := intTag(tag, "maxLength"); ok {
		limit = int(n)
	}
	// Count bytes first: a string of more bytes than the limit allows even
	// as 4-byte runes is too long without counting.
	if len(s) > limit && (len(s) > 4*limit || utf8.RuneCountInString(s) > limit) {
		c.Fail(path, "rule.maxLength", limit)
	}
}

// fieldName is the name a field has in the request: its JSON name, else its
// path, query or form parameter name; "" for an embedded struct whose
// fields are inlined. skip for json:"-".
func fieldName(f reflect.StructField) (name string, skip bool) {
	if j, ok := f.Tag.Lookup("json"); ok {
		n := strings.Split(j, ",")[0]
		if n == "-" {
			return "", true
		}
		if n != "" {
			return n, false
		}
	}
	for _, key := range []string{"path", "query", "formData"} {
		if n := f.Tag.Get(key); n != "" {
			return n, false
		}
	}
	if f.Anonymous {
		return "", false
	}
	return f.Name, false
}

func joinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func intTag(tag reflect.StructTag, key string) (int64, bool) {
	s := tag.Get(key)
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}
