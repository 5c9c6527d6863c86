package server

// TestRow is named ServerTestRow in the OpenAPI document, the same name the
// external test package's Row gets: openapi_schema_test.go uses the pair to
// prove that a name collision fails the document.
type TestRow struct {
	A string `json:"a"`
}
