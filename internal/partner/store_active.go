package partner

import "context"

func (s *store) setActive(ctx context.Context, id int64, active bool) error {
	_, err := s.db.Exec(ctx, `UPDATE partners SET active = ? WHERE id = ?`, active, id)
	return err
}
