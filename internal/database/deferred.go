package database

import (
	"context"
	"sort"
	"strings"
)

// Deferred writes (issue 17): a read model that every posting moves by an
// increment (the monthly totals of the ledger and of the expenses) is
// written once per group-commit batch instead of once per posting. A
// posting of a batch hands its increments to the batch (Deferred.Add);
// the batch writes those of every posting that succeeded, in one
// statement per read model, just before its commit, in the same
// transaction. So the read model still moves in the transaction of the
// rows it counts, and a posting refused in its turn leaves nothing in it.
//
// What it saves: two statements (on PostgreSQL two round trips) of every
// posting's turn, and, as the increments of a company's rollup row are
// summed first, the batch takes that row's lock once, at its end, rather
// than from its first posting to its commit.
//
// When the batch's deferred writes fail (a deadlock with another
// process's transaction on PostgreSQL, or a sum a read model refuses),
// nothing of the batch is booked and each of its postings runs again
// alone. Outside a batch (a plain WithTx, a posting run again alone) Add
// writes at once.
//
// A deferred model that names its tables (Deferred.Tables) may be read in
// a posting: a statement of a batch member that names the table first
// writes what the batch and the member hold for it (settle), so the
// posting sees, and writes after, every row deferred before it, exactly
// as if each posting had written its rows in its turn. The ledger rows of
// the common posting are deferred so (budget.store.ledger): one round
// trip fewer in a posting's turn on PostgreSQL.

// Deferred is one read model's deferred writer: Flush writes a list of
// increments in the transaction of ctx. Flush must sum the increments of
// one row before it writes (a batch may hold several of the same row)
// and should write rows in one fixed order, so two transactions take the
// rows' locks in that order and cannot deadlock on them. Name orders the
// read models of one batch's flush (fixed, for the same reason).
type Deferred[T any] struct {
	Name  string
	Flush func(ctx context.Context, rows []T) error
	// Tables, when set, are the table Flush writes, as the statements
	// that read or write it spell it, and the tables whose rows refer to
	// its rows (a foreign key): a batch member's statement whose text
	// holds one of them writes the pending rows first (settle). Without
	// them nothing in a posting may read what it deferred.
	Tables []string
	// After, when set, is the Name of the deferred model whose rows this
	// one's refer to (a foreign key, an id the flush fills in): its
	// pending rows are written first, at the batch's end and whenever
	// settle writes this model's.
	After string
}

// Add writes rows now, or, in a group-commit batch's posting (ctx of a
// member), keeps them for the batch: written just before its commit if
// the posting succeeds, dropped with the posting's other writes if not.
func (d *Deferred[T]) Add(ctx context.Context, rows ...T) error {
	if len(rows) == 0 {
		return nil
	}
	st, ok := ctx.Value(memberKey{}).(*memberState)
	if !ok {
		return d.Flush(ctx, rows)
	}
	st.deferred.add(&deferredRows[T]{d: d, rows: rows})
	return nil
}

// deferredSet holds the increments of one member, then of its batch, by
// read model. It is used on the batch leader's goroutine only.
type deferredSet struct {
	byModel map[any]pending
}

// pending is one read model's increments; merge takes another list of
// the same read model.
type pending interface {
	model() any // the *Deferred it belongs to
	name() string
	named(query string) bool
	after() string
	merge(other pending)
	flush(ctx context.Context) error
}

type deferredRows[T any] struct {
	d    *Deferred[T]
	rows []T
}

func (p *deferredRows[T]) name() string { return p.d.Name }
func (p *deferredRows[T]) named(query string) bool {
	for _, t := range p.d.Tables {
		if strings.Contains(query, t) {
			return true
		}
	}
	return false
}
func (p *deferredRows[T]) after() string { return p.d.After }
func (p *deferredRows[T]) merge(other pending) {
	p.rows = append(p.rows, other.(*deferredRows[T]).rows...)
}
func (p *deferredRows[T]) flush(ctx context.Context) error { return p.d.Flush(ctx, p.rows) }

func (s *deferredSet) add(p pending) {
	key := p.model()
	if s.byModel == nil {
		s.byModel = map[any]pending{}
	}
	if have, ok := s.byModel[key]; ok {
		have.merge(p)
		return
	}
	s.byModel[key] = p
}

func (p *deferredRows[T]) model() any { return p.d }

// takeFrom adds every increment of another set (a member's that
// succeeded) and empties it.
func (s *deferredSet) takeFrom(o *deferredSet) {
	for _, p := range o.byModel {
		s.add(p)
	}
	o.byModel = nil
}

// flush writes every read model's increments, in the order of their names.
func (s *deferredSet) flush(ctx context.Context) error {
	_, err := s.flushIf(ctx, func(pending) bool { return true })
	return err
}

// flushIf writes, in the order of their names, the read models' rows that
// match wants, and forgets them (a flush that fails leaves the caller's
// transaction to be rolled back). It answers how many models it took,
// written or not.
func (s *deferredSet) flushIf(ctx context.Context, wants func(pending) bool) (int, error) {
	if len(s.byModel) == 0 {
		return 0, nil
	}
	byName := make(map[string]pending, len(s.byModel))
	for _, p := range s.byModel {
		byName[p.name()] = p
	}
	// the models wanted, with those their rows refer to (After)
	take := map[string]bool{}
	for _, p := range s.byModel {
		for q := p; q != nil && wants(p) && !take[q.name()]; q = byName[q.after()] {
			take[q.name()] = true
		}
	}
	// each after the model it refers to, then by name: one fixed order
	rank := func(p pending) int {
		n := 0
		for q := byName[p.after()]; q != nil && n < len(byName); q = byName[q.after()] {
			n++
		}
		return n
	}
	list := make([]pending, 0, len(take))
	for key, p := range s.byModel {
		if take[p.name()] {
			list = append(list, p)
			delete(s.byModel, key)
		}
	}
	sort.Slice(list, func(i, j int) bool {
		if ri, rj := rank(list[i]), rank(list[j]); ri != rj {
			return ri < rj
		}
		return list[i].name() < list[j].name()
	})
	for _, p := range list {
		if err := p.flush(ctx); err != nil {
			return len(list), err
		}
	}
	return len(list), nil
}

type settlingKey struct{}

// settle writes, before a batch member's statement runs on the batch's
// transaction, the pending rows of every deferred model whose table the
// statement names: first those of the members before it (the batch's),
// then its own. Writing them changes the transaction (touched): should
// the member fail after, the batch runs again alone, with savepoints too
// (settledBatch: rolling back to the member's savepoint would undo the
// other members' rows). An error is the statement's.
func settle(ctx context.Context, query string) error {
	st, ok := ctx.Value(memberKey{}).(*memberState)
	if !ok || (len(st.deferred.byModel) == 0 && (st.batch == nil || len(st.batch.byModel) == 0)) || txOf(ctx) == nil {
		return nil
	}
	if settling, _ := ctx.Value(settlingKey{}).(bool); settling {
		return nil // a flush's own statements (the member's rows wait for the batch's)
	}
	ctx = context.WithValue(ctx, settlingKey{}, true)
	named := func(p pending) bool { return p.named(query) }
	for _, set := range []*deferredSet{st.batch, &st.deferred} {
		if set == nil {
			continue
		}
		took, err := set.flushIf(ctx, named)
		if took > 0 { // even if the writing failed half-way
			st.touched.Store(true)
			if set == st.batch {
				st.settledBatch.Store(true)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// SumRows is what a Deferred's Flush does first: the increments of one
// row (key) summed into one (add, which may refuse a sum), in the order
// of compare on their keys (so every transaction takes the rows' locks
// in one order).
func SumRows[T any, K comparable](rows []T, key func(T) K, compare func(a, b K) int, add func(into *T, from T) error) ([]T, error) {
	at := make(map[K]int, len(rows))
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		k := key(r)
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, r)
			continue
		}
		if err := add(&out[i], r); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return compare(key(out[i]), key(out[j])) < 0 })
	return out, nil
}
