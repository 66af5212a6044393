"""The values and the exact machinery every other package builds on; nothing here imports a package above it.

Exact numbers and input (:mod:`.exact`, :mod:`.expressions`, :mod:`.symbols`),
bounds (:mod:`.limits`, :mod:`.progress`), errors (:mod:`.exceptions`), exact
linear algebra and LP (:mod:`.linalg`, the one door to python-flint and PPL),
domains (:mod:`.domain`), the network (:mod:`.network`), nonnegative rank
(:mod:`.nonnegative_rank`), semialgebraic sets (:mod:`.semialgebraic`),
fibers and their components (:mod:`.components`), results (:mod:`.results`),
the symmetries of ``H`` (:mod:`.symmetries`), tangent certificates
(:mod:`.tangent`), an exact JSON encoding of values (:mod:`.serialize`), the
memo of structural analyses (:mod:`.memo`), the network-class protocol
(:mod:`.network_class`), and the plug points through which values reach the
printers and readers of the upper layers (:mod:`.hooks`, :mod:`.printing`,
with the phrases algorithms use in :mod:`.phrase`).  See ``docs/architecture.md``.
"""
