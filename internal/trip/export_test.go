package trip

// SetMonthCheckedHook makes approve call f right after it found the
// registration's month open and before it writes (a test holds the
// approval there while a monthly run goes).
func SetMonthCheckedHook(s *Registrations, f func()) { s.monthChecked = f }

// SetRunBatch sets how many users one transaction of the run pays
// (0: the default).
func SetRunBatch(s *Registrations, n int) { s.runBatch = n }
