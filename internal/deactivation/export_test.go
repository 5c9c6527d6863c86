package deactivation

// SetFailAfter makes partner runs fail once n companies are done in a
// pass, as a crash part-way would (n < 0: never).
func SetFailAfter(s *Service, n int) {
	if n < 0 {
		s.failAfter = nil
		return
	}
	s.failAfter = func(done int) error {
		if done >= n {
			return errInjected
		}
		return nil
	}
}
