package testkit

import (
	"context"
	"sync"
	"testing"
	"time"

	"mobility/portal/internal/database"
)

// QueueBehindGate runs post(i) for i in 0..n-1 at once, each a posting of
// db's group commit (database.WithGroupTx or WithGroupTxAhead), queued in
// the order of i in one batch behind a first posting that waits until
// they have all joined: the batch's leader then comes to them one after
// another. It returns when every post has.
func QueueBehindGate(t testing.TB, db *database.DB, n int, post func(i int)) {
	t.Helper()
	release, running := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	var once sync.Once
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = db.WithGroupTx(context.Background(), func(context.Context) error {
			once.Do(func() { close(running) }) // the batch may break: then it runs again, alone
			<-release
			return nil
		})
	}()
	<-running
	for i := 0; i < n; i++ {
		// one at a time, so they queue in the order of i
		joined := db.GroupStats().Members + 1
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			post(i)
		}(i)
		for deadline := time.Now().Add(10 * time.Second); db.GroupStats().Members < joined; {
			if time.Now().After(deadline) {
				close(release)
				t.Fatal("the postings did not join the batch")
			}
			time.Sleep(100 * time.Microsecond)
		}
	}
	close(release)
	wg.Wait()
}
