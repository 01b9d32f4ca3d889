package hindsighttest

// Audit logs and webhooks live beside the banks rather than inside them, as on the
// real server: audit rows carry a bank id but no foreign key, so they outlive a deleted
// bank (and show again if it is recreated); webhooks cascade with their bank, which is
// why they are keyed by the bank value itself: a recreated bank starts without any.

// activityState is the audit log and the webhooks of every bank. Guarded by Server.mu.
type activityState struct {
	audit    map[string][]*auditEntry // bank id -> entries in recording order
	auditSeq int
	webhooks map[*bank][]*webhook // creation order
	// auditRoutes maps "METHOD pattern" of an audited route to its action; built
	// on first use from auditedRoutes.
	auditRoutes map[string]*auditRoute
}

// activity returns the server's audit and webhook state, creating it on first use.
func (s *Server) activity() *activityState {
	if s.store.activity == nil {
		s.store.activity = &activityState{
			audit:    map[string][]*auditEntry{},
			webhooks: map[*bank][]*webhook{},
		}
	}
	return s.store.activity
}

// auditEnabled resolves audit_log_enabled for a bank the way the real server does:
// the bank's config override if it set one, else the server-wide switch (the
// audit_log feature flag, off by default).
func (s *Server) auditEnabled(bankID string) bool {
	if b := s.store.banks[bankID]; b != nil {
		if v, ok := b.configOverrides["audit_log_enabled"].(bool); ok {
			return v
		}
	}
	return s.features["audit_log"]
}
