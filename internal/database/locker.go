package database

import (
	"github.com/pressly/goose/v3/lock"
)

func newPostgresLocker() (lock.SessionLocker, error) {
	return lock.NewPostgresSessionLocker()
}
