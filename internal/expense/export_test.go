package expense

// DrawBookingIDs makes the next booking ids those of ids, in turn (then
// random again), until restore is called.
func DrawBookingIDs(ids ...string) (restore func()) {
	next := 0
	drawBookingID = func() string {
		if next < len(ids) {
			next++
			return ids[next-1]
		}
		return randomBookingID()
	}
	return func() { drawBookingID = randomBookingID }
}
