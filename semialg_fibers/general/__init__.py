"""Networks of any depth on any polyhedral domain: the general equivalence oracle (:mod:`.oracle`) and the class
(:mod:`.network_class`) that answers for every network no other class decides."""
