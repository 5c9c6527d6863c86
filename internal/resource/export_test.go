package resource

// SetWalkFrom lets a test make lists walk the order's index from n matches
// on (store.list), and answers a function that puts the old value back.
func SetWalkFrom(n int) func() {
	old := walkFrom
	walkFrom = n
	return func() { walkFrom = old }
}
