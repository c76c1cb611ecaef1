package ludo

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClassicPreset(t *testing.T) {
	r := Classic()
	assert.Equal(t, Rules{
		Preset:              "classic",
		Board:               Board{Arms: 4, Track: 52, StartSpacing: 13, HomeEntry: 50, HomeColumn: 5},
		Tries:               1,
		SixValue:            6,
		Players:             4,
		Seats:               0,
		Tokens:              4,
		EntryRolls:          FacesOf(6),
		BonusRolls:          FacesOf(6),
		SixLimit:            3,
		SixPenalty:          VoidRoll,
		NoMoveForfeitsBonus: false,
		Blocks:              NoBlocks,
		OwnLanding:          OwnLandingAllowed,
		MultiCapture:        CaptureAll,
		Finish:              ExactFinish,
		End:                 PlayForAllPlaces,
	}, r)
	assert.NoError(t, r.Validate())
}

func TestMongolianPreset(t *testing.T) {
	r := Mongolian()
	assert.NoError(t, r.Validate())
	assert.Equal(t, BlocksStopOpponents, r.Blocks, "rules B1, B2")
	r.Blocks, r.Preset = NoBlocks, "classic"
	assert.Equal(t, Classic(), r, "otherwise the classic game")
}

func TestPresetByName(t *testing.T) {
	for _, tt := range []struct {
		name string
		want Rules
		ok   bool
	}{
		{"classic", Classic(), true},
		{"Classic", Classic(), true},
		{"MONGOLIAN", Mongolian(), true},
		{"mongolian", Mongolian(), true},
		{"", Rules{}, false},
		{"ludo", Rules{}, false},
		{"classic ", Rules{}, false},
	} {
		got, ok := Preset(tt.name)
		assert.Equal(t, tt.ok, ok, "%q", tt.name)
		assert.Equal(t, tt.want, got, "%q", tt.name)
	}
}

func TestValidateRejects(t *testing.T) {
	tests := []struct {
		name string
		f    func(r *Rules)
	}{
		{"zero Rules", func(r *Rules) { *r = Rules{} }},
		{"Track too short", func(r *Rules) { r.Board.Track = 7; r.Board.StartSpacing = 1; r.Board.HomeEntry = 6 }},
		{"Track too long", func(r *Rules) { r.Board.Track = 251 }},
		{"StartSpacing 0", func(r *Rules) { r.Board.StartSpacing = 0 }},
		{"StartSpacing too wide", func(r *Rules) { r.Board.StartSpacing = 14 }},
		{"HomeEntry 0", func(r *Rules) { r.Board.HomeEntry = 0 }},
		{"HomeEntry = Track", func(r *Rules) { r.Board.HomeEntry = 52 }},
		{"HomeColumn negative", func(r *Rules) { r.Board.HomeColumn = -1 }},
		{"Finish past 250", func(r *Rules) { r.Board.HomeColumn = 200 }},
		{"Players 0", func(r *Rules) { r.Players = 0 }},
		{"Players 1", func(r *Rules) { r.Players = 1 }},
		{"Players 5", func(r *Rules) { r.Players = 5 }},
		{"Seats too few", func(r *Rules) { r.Seats = ColorsOf(Red, Green, Yellow) }},
		{"Seats too many", func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Red, Green, Yellow) }},
		{"Seats with no colour", func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Red)|1<<5 }},
		{"Tokens 0", func(r *Rules) { r.Tokens = 0 }},
		{"Tokens 5", func(r *Rules) { r.Tokens = 5 }},
		{"EntryRolls empty", func(r *Rules) { r.EntryRolls = 0 }},
		{"EntryRolls face 0", func(r *Rules) { r.EntryRolls = FacesOf(6) | 1 }},
		{"EntryRolls face 7", func(r *Rules) { r.EntryRolls = FacesOf(6) | 1<<7 }},
		{"BonusRolls face 7", func(r *Rules) { r.BonusRolls = 1 << 7 }},
		{"SixLimit negative", func(r *Rules) { r.SixLimit = -1 }},
		{"SixLimit 1", func(r *Rules) { r.SixLimit = 1 }},
		{"SixLimit 256", func(r *Rules) { r.SixLimit = 256 }},
		{"SixPenalty unknown", func(r *Rules) { r.SixPenalty = ExposedHome + 1 }},
		{"Blocks unknown", func(r *Rules) { r.Blocks = BlocksOnSafe + 1 }},
		{"BlocksTowers without SquareLimit 2", func(r *Rules) { r.Blocks = BlocksTowers }},
		{"OwnLanding unknown", func(r *Rules) { r.OwnLanding = OwnLandingForbidden + 1 }},
		{"blocks with OwnLandingForbidden", func(r *Rules) { r.Blocks, r.OwnLanding = BlocksStopOpponents, OwnLandingForbidden }},
		{"BlocksStopAll with OwnLandingForbidden", func(r *Rules) { r.Blocks, r.OwnLanding = BlocksStopAll, OwnLandingForbidden }},
		{"MultiCapture unknown", func(r *Rules) { r.MultiCapture = CaptureMover + 1 }},
		{"Finish unknown", func(r *Rules) { r.Finish = AnyRollFinishes + 1 }},
		{"End unknown", func(r *Rules) { r.End = FirstWinner + 1 }},
		{"CaptureBeforeHome past a progress byte", func(r *Rules) {
			r.Board = Board{Arms: 4, Track: 250, StartSpacing: 62, HomeEntry: 200, HomeColumn: 49}
			r.CaptureBeforeHome = true
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			tt.f(&r)
			err := r.Validate()
			assert.ErrorIs(t, err, ErrInvalidRules)
			_, err = New(r)
			assert.ErrorIs(t, err, ErrInvalidRules)
		})
	}
}

func TestValidateAccepts(t *testing.T) {
	tests := []struct {
		name string
		f    func(r *Rules)
	}{
		{"classic", func(r *Rules) {}},
		{"mongolian", func(r *Rules) { *r = Mongolian() }},
		{"2 players", func(r *Rules) { r.Players = 2 }},
		{"3 players", func(r *Rules) { r.Players = 3 }},
		{"2 players seated", func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Green, Blue) }},
		{"4 players seated", func(r *Rules) { r.Seats = ColorsOf(Red, Green, Yellow, Blue) }},
		{"1 token", func(r *Rules) { r.Tokens = 1 }},
		{"EntryRolls 1 and 6", func(r *Rules) { r.EntryRolls = FacesOf(1, 6) }},
		{"every face enters", func(r *Rules) { r.EntryRolls = FacesOf(1, 2, 3, 4, 5, 6) }},
		{"no bonus rolls", func(r *Rules) { r.BonusRolls = 0 }},
		{"SixLimit 0", func(r *Rules) { r.SixLimit = 0 }},
		{"SixLimit 2", func(r *Rules) { r.SixLimit = 2 }},
		{"SixLimit 255", func(r *Rules) { r.SixLimit = 255 }},
		{"UndoTurn", func(r *Rules) { r.SixPenalty = UndoTurn }},
		{"NoMoveForfeitsBonus", func(r *Rules) { r.NoMoveForfeitsBonus = true }},
		{"BlocksStopAll", func(r *Rules) { r.Blocks = BlocksStopAll }},
		{"BlocksTowers", func(r *Rules) { r.Blocks, r.SquareLimit = BlocksTowers, 2 }},
		{"OwnLandingForbidden without blocks", func(r *Rules) { r.OwnLanding = OwnLandingForbidden }},
		{"CaptureRefused", func(r *Rules) { r.MultiCapture = CaptureRefused }},
		{"BounceFinish", func(r *Rules) { r.Finish = BounceFinish }},
		{"AnyRollFinishes with no home column", func(r *Rules) { r.Finish, r.Board.HomeColumn = AnyRollFinishes, 0 }},
		{"FirstWinner", func(r *Rules) { r.End = FirstWinner }},
		{"smallest board", func(r *Rules) { r.Board = Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 1, HomeColumn: 0} }},
		{"largest track", func(r *Rules) { r.Board = Board{Arms: 4, Track: 128, StartSpacing: 32, HomeEntry: 127, HomeColumn: 72} }},
		{"CaptureBeforeHome on the longest board it fits", func(r *Rules) {
			r.Board = Board{Arms: 4, Track: 200, StartSpacing: 50, HomeEntry: 150, HomeColumn: 54}
			r.CaptureBeforeHome = true
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			tt.f(&r)
			require.NoError(t, r.Validate())
			s, err := New(r)
			require.NoError(t, err)
			assert.Equal(t, r, s.Rules())
		})
	}
}

func TestRulesString(t *testing.T) {
	tests := []struct {
		r    Rules
		want string
	}{
		{Classic(), "classic"},
		{Mongolian(), "mongolian"},
		{withRules(Mongolian(), func(r *Rules) { r.Players = 2 }), "mongolian{Players:2}"},
		{withRules(Classic(), func(r *Rules) { r.Tokens, r.End = 2, FirstWinner }), "classic{Tokens:2 End:FirstWinner}"},
		{withRules(Classic(), func(r *Rules) { r.Blocks = BlocksStopAll }), "classic{Blocks:BlocksStopAll}"},
		{withRules(Classic(), func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Green, Blue) }), "classic{Players:2 Seats:{green blue}}"},
		{withRules(Classic(), func(r *Rules) { r.EntryRolls = FacesOf(1, 6) }), "classic{EntryRolls:{1 6}}"},
		{withRules(Classic(), func(r *Rules) { r.SixPenalty, r.NoMoveForfeitsBonus = UndoTurn, true }), "classic{SixPenalty:UndoTurn NoMoveForfeitsBonus:true}"},
		{withRules(Classic(), func(r *Rules) {
			r.OwnLanding, r.MultiCapture, r.Finish = OwnLandingForbidden, CaptureRefused, BounceFinish
		}), "classic{OwnLanding:OwnLandingForbidden MultiCapture:CaptureRefused Finish:BounceFinish}"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.r.String())
	}
}

func TestEnumStrings(t *testing.T) {
	tests := []struct {
		v    fmt.Stringer
		want string
	}{
		{VoidRoll, "VoidRoll"},
		{UndoTurn, "UndoTurn"},
		{LastMovedHome, "LastMovedHome"},
		{ExposedHome, "ExposedHome"},
		{SixPenalty(5), "invalid(5)"},
		{NoBlocks, "NoBlocks"},
		{BlocksStopOpponents, "BlocksStopOpponents"},
		{BlocksStopAll, "BlocksStopAll"},
		{BlocksTowers, "BlocksTowers"},
		{BlocksOnSafe, "BlocksOnSafe"},
		{BlockRule(5), "invalid(5)"},
		{OvertakeCaptures, "OvertakeCaptures"},
		{Overtake(4), "invalid(4)"},
		{OwnLandingAllowed, "OwnLandingAllowed"},
		{OwnLandingForbidden, "OwnLandingForbidden"},
		{OwnLanding(9), "invalid(9)"},
		{CaptureAll, "CaptureAll"},
		{CaptureRefused, "CaptureRefused"},
		{CaptureNone, "CaptureNone"},
		{CaptureMover, "CaptureMover"},
		{MultiCapture(4), "invalid(4)"},
		{ExactFinish, "ExactFinish"},
		{BounceFinish, "BounceFinish"},
		{AnyRollFinishes, "AnyRollFinishes"},
		{FinishRule(3), "invalid(3)"},
		{PlayForAllPlaces, "PlayForAllPlaces"},
		{FirstWinner, "FirstWinner"},
		{EndRule(255), "invalid(255)"},
		{PhaseRoll, "roll"},
		{PhaseMove, "move"},
		{PhaseOver, "over"},
		{Phase(3), "invalid(3)"},
		{YardZone, "yard"},
		{TrackZone, "track"},
		{HomeZone, "home"},
		{FinishZone, "finish"},
		{Zone(4), "invalid(4)"},
		{Red, "red"},
		{Green, "green"},
		{Yellow, "yellow"},
		{Blue, "blue"},
		{Purple, "purple"},
		{Orange, "orange"},
		{Color(6), "color(6)"},
		{Colors(0), "{}"},
		{ColorsOf(Red, Yellow), "{red yellow}"},
		{ColorsOf(Blue, Red, Green, Yellow), "{red green yellow blue}"},
		{Faces(0), "{}"},
		{FacesOf(6), "{6}"},
		{FacesOf(6, 1), "{1 6}"},
		{FacesOf(0, 7, 3), "{3 7}"},
		{FacesOf(64, 25, -1, 2), "{2 25}"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.v.String(), "%T(%d)", tt.v, tt.v)
	}
}

func TestColorsAndFaces(t *testing.T) {
	s := ColorsOf(Green, Blue, Green)
	assert.Equal(t, 2, s.Len())
	assert.True(t, s.Has(Green))
	assert.True(t, s.Has(Blue))
	assert.False(t, s.Has(Red))
	assert.False(t, s.Has(Color(4)))
	var got []Color
	for c := range ColorsOf(Blue, Red, Yellow).All() {
		got = append(got, c)
	}
	assert.Equal(t, []Color{Red, Yellow, Blue}, got, "clockwise from Red")
	got = got[:0]
	for c := range ColorsOf(Blue, Red, Yellow).All() {
		got = append(got, c)
		break
	}
	assert.Equal(t, []Color{Red}, got)

	f := FacesOf(0, 1, 6, 64, 6, MaxFace)
	assert.Equal(t, 3, f.Len())
	assert.True(t, f.Has(1))
	assert.True(t, f.Has(6))
	assert.True(t, f.Has(MaxFace))
	for _, face := range []int{-1, 0, 2, 5, 7, 8, 64, 127} {
		assert.False(t, f.Has(face), "face %d", face)
	}
	assert.False(t, Faces(0xff).Has(0), "0 is no face, even where bit 0 is set")
	assert.True(t, Faces(0xff).Has(7))
	assert.Equal(t, 7, Faces(0xff).Len())
	var all []int
	for face := range FacesOf(25, 2, 10).All() {
		all = append(all, face)
	}
	assert.Equal(t, []int{2, 10, 25}, all, "lowest first")
}

func TestParseColor(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Color
		ok   bool
	}{
		{"red", Red, true}, {"R", Red, true}, {"Green", Green, true}, {"g", Green, true},
		{"YELLOW", Yellow, true}, {"y", Yellow, true}, {"blue", Blue, true}, {"b", Blue, true},
		{"purple", Purple, true}, {"P", Purple, true}, {"orange", Orange, true}, {"o", Orange, true},
		{"", 0, false}, {"violet", 0, false}, {"re", 0, false}, {"reds", 0, false},
	} {
		c, ok := ParseColor(tt.in)
		assert.Equal(t, tt.ok, ok, "%q", tt.in)
		if tt.ok {
			assert.Equal(t, tt.want, c, "%q", tt.in)
		}
	}
	for c := Red; c < MaxPlayers; c++ {
		back, ok := ParseColor(c.String())
		assert.True(t, ok)
		assert.Equal(t, c, back)
	}
}

// On the longest board CaptureBeforeHome accepts, a token going round
// again reaches the last square before its start square at progress 254,
// and goes on from there (rule K4).
func TestCaptureBeforeHomeLongestBoard(t *testing.T) {
	s := MustParsePosition("rules classic{Track:200 StartSpacing:50 HomeEntry:150 HomeColumn:54 CaptureBeforeHome:true}\nred @195\ndie 5\n")
	require.Equal(t, 249, s.Progress(Red, 0))
	m, err := s.TokenMove(0)
	require.NoError(t, err)
	assert.Equal(t, "red 0: 249-254", m.String())
	s, err = s.Apply(m)
	require.NoError(t, err)
	assert.Equal(t, 254, s.Progress(Red, 0))
	assert.Equal(t, TrackSquare(200), s.Square(Red, 0))
	s = MustParsePosition("rules " + s.Rules().String() + "\nred @200\ndie 1\n")
	m, err = s.TokenMove(0)
	require.NoError(t, err)
	assert.Equal(t, "red 0: 254-0", m.String())
}

// Every preset's board is its arms repeated, and every colour turns into
// its home column from its own arm: the home entry square lies less than
// one arm before its start square (rule C4). The six-arm presets once
// kept the four-arm board's HomeEntry, so that Red turned home in
// Purple's arm after two thirds of a lap.
func TestPresetsHomeOnOwnArm(t *testing.T) {
	for _, name := range Presets() {
		r, _ := Preset(name)
		b := r.Board
		require.NoError(t, r.Validate(), name)
		assert.Equal(t, b.Arms*b.StartSpacing, b.Track, "%s: the track is its arms repeated", name)
		for c := range Color(b.Arms) {
			entry := b.Square(c, b.HomeEntry).N()
			before := (b.StartSquare(c) - entry + b.Track) % b.Track
			lane := b.StartLane > 0 && before == 0 // rule Y1: home up the lane, from the start square visited again
			assert.True(t, lane || before >= 1 && before <= b.StartSpacing, "%s: %v turns home on square %d, %d squares before its start square %d", name, c, entry, before, b.StartSquare(c))
		}
	}
	for _, p := range [][2]string{{"ludoking", "ludoking6"}, {"maedn", "maedn6"}, {"parchis1", "parchis6"}} {
		four, _ := Preset(p[0])
		six, _ := Preset(p[1])
		assert.Equal(t, four.Board.Track-four.Board.HomeEntry, six.Board.Track-six.Board.HomeEntry, "%s: the way home from the start square as on %s", p[1], p[0])
		assert.Equal(t, 6, six.Board.Arms, p[1])
		assert.Equal(t, 6, six.Players, p[1])
	}
}
