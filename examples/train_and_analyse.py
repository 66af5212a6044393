"""Train a small ReLU network with PyTorch on CPU (fixed seed), then analyse it exactly.

Run: pip install -e '.[torch]' && python examples/train_and_analyse.py
"""

import torch
from torch import nn

from semialg_fibers import Network, fiber_dimension, is_identifiable
from semialg_fibers.orthant.types import neuron_types
from semialg_fibers.shallow import is_generic
from semialg_fibers.three_layer import row_types

torch.manual_seed(0)
x = torch.rand(256, 2)                                   # inputs in the unit square, inside the orthant
y = (torch.relu(x[:, 0] - 0.5) + torch.relu(x[:, 1] - x[:, 0]) + 0.2 * x[:, 1]).unsqueeze(1)
model = nn.Sequential(nn.Linear(2, 6), nn.ReLU(), nn.Linear(6, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
for _ in range(300):
    optimizer.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
print(f"training loss: {loss.item():.2e}")

net = Network.from_torch(model)                          # every float32 weight, read exactly
assert Network.from_torch(net.to_torch(dtype=torch.float32)) == net   # exact round trip

# Neurons on the orthant (the inputs are nonnegative): dead, linear or with a kink inside.
kinds = [str(t.kind) for t in neuron_types(net)]
print("neurons on the orthant:", {k: kinds.count(k) for k in sorted(set(kinds))})

# Identifiability on R^2: is the fiber exactly the orbit of permutations and positive scalings?
report = is_generic(net)
print("identifiable on R^2:", bool(report), [str(m.kind) for m in report.mechanisms])

# Fiber dimensions: the orbit has dimension 6 (one scaling per hidden neuron); more means hidden symmetries.
print("fiber dimension on R^2:", fiber_dimension(net))
print("fiber dimension on the orthant:", fiber_dimension(net, domain="orthant"))

# --- Three-layer part -------------------------------------------------------------------------------
# With two hidden layers: the second-layer row types (dead, linear, hiding a first-layer hyperplane, other)
# and the three-layer identifiability verdict, which may rest on a conjecture (then it is refused, with why).
torch.manual_seed(1)
deep = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
optimizer = torch.optim.Adam(deep.parameters(), lr=0.05)
for _ in range(300):
    optimizer.zero_grad()
    ((deep(x) - y) ** 2).mean().backward()
    optimizer.step()
deep_net = Network.from_torch(deep.state_dict())         # a state dict is read as Linear, ReLU, ..., Linear
print("second-layer rows:", [str(r.kind) for r in row_types(deep_net)])
try:
    print("three-layer identifiable:", bool(is_identifiable(deep_net)))
except ValueError as exc:  # NotDecidedError outside the proven scope, with the reason
    print("three-layer identifiability not decided:", str(exc).splitlines()[0])
