package banks

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// pageSize is how many banks one list request asks for: ten requests load 10,000 banks,
// and no single answer gets large.
const pageSize = 1000

// maxPages stops paging through a server that ignores offsets; it allows a million banks.
const maxPages = 1000

// filterDelay is how long typing must pause before the filter asks the server.
const filterDelay = 250 * time.Millisecond

// banksLoadedMsg answers one load of the whole list; seq drops answers that a newer
// load (a refresh, the next filter keystroke) has made stale.
type banksLoadedMsg struct {
	seq   int
	banks []client.Bank
	err   error
}

// filterDueMsg fires when typing in the filter has paused; seq drops the timers of
// keystrokes that were not the last.
type filterDueMsg struct {
	seq int
}

// load (re)loads the list with the current filter, cancelling a load in flight.
func (s *Sidebar) load() tea.Cmd {
	if s.cancel != nil {
		s.cancel()
	}
	s.loadSeq++
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.loading = true
	seq, c, q := s.loadSeq, s.c, s.query
	fetch := func() tea.Msg {
		defer cancel()
		banks, err := fetchAllBanks(ctx, c, q)
		return banksLoadedMsg{seq: seq, banks: banks, err: err}
	}
	return tea.Batch(fetch, s.startSpinner())
}

// fetchAllBanks pages through the list; each page gets its own timeout, so a big list
// on a slow link is not cut off by a deadline meant for one request. Banks that move
// between pages while paging (a write reorders the list) are kept once.
func fetchAllBanks(ctx context.Context, c *common.Common, q string) ([]client.Bank, error) {
	var all []client.Bank
	seen := map[string]bool{}
	for offset, pages := 0, 0; pages < maxPages; pages++ {
		page, err := fetchPage(ctx, c, client.ListBanksParams{Q: q, Limit: pageSize, Offset: offset})
		if err != nil {
			return nil, fmt.Errorf("list banks: %w", err)
		}
		for _, b := range page.Banks {
			if !seen[b.BankID] {
				seen[b.BankID] = true
				all = append(all, b)
			}
		}
		offset += len(page.Banks)
		if len(page.Banks) == 0 || offset >= page.Total {
			break
		}
	}
	return all, nil
}

func fetchPage(ctx context.Context, c *common.Common, p client.ListBanksParams) (*client.BankList, error) {
	ctx, cancel := c.Context(ctx)
	defer cancel()
	return c.Client.ListBanks(ctx, p)
}

// filterChanged schedules a server-side filter for when typing pauses.
func (s *Sidebar) filterChanged() tea.Cmd {
	s.filterSeq++
	return s.c.After(filterDelay, filterDueMsg{seq: s.filterSeq})
}

// applyFilter sends the typed filter now, unless it is what the list already shows.
func (s *Sidebar) applyFilter(q string) tea.Cmd {
	s.filterSeq++ // a pending pause timer is now stale
	if q == s.query {
		return nil // the list shows (or is loading) exactly this filter
	}
	s.query = q
	return s.load()
}

func (s *Sidebar) startSpinner() tea.Cmd {
	if s.spinning {
		return nil
	}
	s.spinning = true
	return s.spin.Tick
}
