"""The one-hidden-layer machinery that every depth uses.

A one-hidden-layer network ``g(y) = sum_i v_i s(a_i . y + b_i) + c`` is a
weighted arrangement of hyperplanes ("lines").  This package holds what the
shallow networks on R^m (:mod:`semialg_fibers.shallow`), on the orthant
(:mod:`semialg_fibers.orthant`) and the second layer of three-layer networks
(:mod:`semialg_fibers.three_layer`) share, as peers:

* :mod:`.lines`: the per-neuron view (line, orientation, kink), the line data
  ``({(u, kappa_u)}, G, g0)``;
* :mod:`.patterns`: how neurons sit on lines (role patterns and their enumerators);
* :mod:`.kernel`: flipped linear parts ``G_S``, the rank ``rho(S, M)`` and the
  flip sets that make it small;
* :mod:`.orientations`: the exact 0/1 orientation search (subset sum).
"""
