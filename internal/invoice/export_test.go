package invoice

// SetAfterIssue calls fn after each document the run issues (a test stops
// a run part-way there).
func SetAfterIssue(s *Service, fn func(id int64)) { s.afterIssue = fn }
