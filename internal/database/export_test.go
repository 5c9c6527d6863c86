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
