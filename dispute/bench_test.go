package dispute_test

import (
	"testing"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
)

// record500 is a record of 500 plies of four players under rules no
// preset plays: Classic with a bonus roll for a capture.
func record500(tb testing.TB) *ludo.Record {
	r := ludo.Classic()
	r.CaptureBonus = ludo.BonusRoll
	rec := randomGame(tb, r, 1, 500)
	if len(rec.Plies) != 500 {
		tb.Fatalf("%d plies", len(rec.Plies))
	}
	return rec
}

// BenchmarkFitNeighbours fits a record of 500 plies among every preset
// and their single option changes (Limits.MaxChanges 1), and weighs
// every option: the work of "fit" short of the search for two or three
// changes.
func BenchmarkFitNeighbours(b *testing.B) {
	rec := record500(b)
	among, _ := dispute.Candidates("", rec.Start.Rules())
	var f dispute.Fit
	for b.Loop() {
		f = dispute.FitRecord(rec, among, dispute.Limits{MaxChanges: 1})
	}
	b.ReportMetric(float64(f.Searched), "rulesets")
	if len(f.Fixes) == 0 {
		b.Fatalf("no fix found: %+v", f.Verdicts)
	}
}

// BenchmarkFit is fit with its default limits on the same record.
func BenchmarkFit(b *testing.B) {
	rec := record500(b)
	among, _ := dispute.Candidates("", rec.Start.Rules())
	var f dispute.Fit
	for b.Loop() {
		f = dispute.FitRecord(rec, among, dispute.Limits{})
	}
	b.ReportMetric(float64(f.Searched), "rulesets")
}
