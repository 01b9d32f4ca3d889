package uitest

// Init runs the Init of the hosted panes with ids, in order, as the root does once it
// has connected, and delivers everything that leads to. Start does not run Init: most
// panes start their work when shown, but some (the bank list) start it here.
func (h *Host) Init(ids ...string) {
	h.T.Helper()
	for _, id := range ids {
		h.run(h.R.Init(id))
	}
}
