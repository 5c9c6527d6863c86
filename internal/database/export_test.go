package database

// Waiting is how many callers of r wait for its next read (a test waits
// for them to have come, rather than sleeping).
func (r *SharedRead[T]) Waiting() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.next == nil {
		return 0
	}
	return r.next.waiters
}

// ErrDropped is the error a read dropped by its caller ends with.
var ErrDropped = errDropped

// SetBesideMax sets how many reads may run beside their callers, and
// returns a function that sets it back.
func SetBesideMax(n int32) func() {
	old := besideMax
	besideMax = n
	return func() { besideMax = old }
}
