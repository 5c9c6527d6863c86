package invoice

import (
	"math/big"
	"sort"

	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
)

// Totals are a document's amounts by EN 16931's rules: Net is the sum of
// the line nets (BT-106), each VAT breakdown's VAT is computed on that
// category and rate's taxable total and rounded once (BT-117), Vat is
// their sum (BT-110) and Total = Net + Vat (BT-112).
type Totals struct {
	Net   int64
	Vat   int64
	Total int64
	Rates []document.VatBreakdown
}

// vatCategory is the category of a rate: S (standard) above 0, Z at 0.
func vatCategory(bp int) string {
	if bp > 0 {
		return document.VatStandard
	}
	return document.VatZero
}

// ComputeTotals sums lines into a document's totals, overflow-checked;
// the breakdown is ordered by category then rate.
func ComputeTotals(lines []document.Line) (Totals, error) {
	type key struct {
		cat string
		bp  int
	}
	taxable := map[key]int64{}
	var t Totals
	var err error
	for _, l := range lines {
		if t.Net, err = money.Add(t.Net, l.NetAmount); err != nil {
			return Totals{}, err
		}
		k := key{l.VatCategory, l.VatBasisPoints}
		if taxable[k], err = money.Add(taxable[k], l.NetAmount); err != nil {
			return Totals{}, err
		}
	}
	keys := make([]key, 0, len(taxable))
	for k := range taxable {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].cat != keys[j].cat {
			return keys[i].cat < keys[j].cat
		}
		return keys[i].bp < keys[j].bp
	})
	for _, k := range keys {
		vat, err := mulDivRound(taxable[k], int64(k.bp), 10000)
		if err != nil {
			return Totals{}, err
		}
		if t.Vat, err = money.Add(t.Vat, vat); err != nil {
			return Totals{}, err
		}
		t.Rates = append(t.Rates, document.VatBreakdown{Category: k.cat, VatBasisPoints: k.bp, TaxableAmount: taxable[k], VatAmount: vat})
	}
	if t.Total, err = money.Add(t.Net, t.Vat); err != nil {
		return Totals{}, err
	}
	return t, nil
}

// NetOfGross is the net (excl. VAT) of a gross amount incl. VAT at rate
// bp: gross × 10000 / (10000 + bp), rounded half away from zero.
func NetOfGross(gross int64, bp int) (int64, error) {
	return mulDivRound(gross, 10000, 10000+int64(bp))
}

// mulDivRound is a × b / d rounded half away from zero, exact (no
// intermediate overflow); ErrOverflow when the result does not fit.
func mulDivRound(a, b, d int64) (int64, error) {
	n := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	den := big.NewInt(d)
	neg := (n.Sign() < 0) != (den.Sign() < 0)
	n.Abs(n)
	den.Abs(den)
	q, r := new(big.Int).QuoRem(n, den, new(big.Int))
	if r.Lsh(r, 1).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	if !q.IsInt64() {
		return 0, money.ErrOverflow
	}
	return q.Int64(), nil
}
