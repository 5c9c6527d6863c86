package messaging

// SetBatch sets the number of recipients per delivery transaction.
func (s *Service) SetBatch(n int) { s.batch = n }

// FailAfter makes delivery stop with err after batch n (a crash between
// batches); nil clears it.
func (s *Service) FailAfter(n int, err error) {
	if err == nil {
		s.afterBatch = nil
		return
	}
	s.afterBatch = func(b int) error {
		if b >= n {
			return err
		}
		return nil
	}
}
