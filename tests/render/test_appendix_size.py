"""The appendix of a summary stays proportionate to the component limit on a fiber of many large components.

A 1-40-1 network of 40 identical neurons has billions of components of 81 parameters each; the document of
``limit`` of them must grow by a short entry per further component (its heading and pattern), not by a full
parametrization each, and still name every listed component.
"""

import re

import pytest

from semialg_fibers.core.network import Network
from semialg_fibers.render.latex import APPENDIX_COMPONENTS, component_block, document, equations_document
from semialg_fibers.render.report import network_report

N = 40


@pytest.fixture(scope="module")
def reports():
    net = Network.from_layers([([[1]] * N, [-1] * N), ([[1] * N], [0])])
    return {limit: network_report(net, limit=limit, certify=False) for limit in (6, 12, 18)}


def test_the_document_grows_linearly_in_the_limit_by_less_than_one_parametrization(reports):
    sizes = {limit: len(document(r)) for limit, r in reports.items()}
    # A full parametrization, computed apart from the document: the equations of one listed component.
    one = min(len(component_block(c, equations=True)) for c in reports[18].fiber.components)
    step_a, step_b = sizes[12] - sizes[6], sizes[18] - sizes[12]
    assert 0 < step_a and 0 < step_b
    # Linear: equal steps for equal increments of the limit, up to the digits of the component indices.
    assert abs(step_a - step_b) <= 6 * 40
    # Each further component costs far less than its equations.
    assert step_b / 6 < one / 10


def test_every_listed_component_is_named_in_the_body_and_the_appendix(reports):
    for limit, r in reports.items():
        text = document(r)
        body, appendix = text.split("\\appendix")
        assert len(r.fiber.components) == limit
        for i in range(1, limit + 1):
            assert body.count(f"\\subsection{{Component {i}}}") == 1
            assert appendix.count(f"\\subsection{{Component {i}}}") == 1
        # Equations of exactly the first APPENDIX_COMPONENTS components, a pointer for the others.
        assert appendix.count("Parametrization:") == APPENDIX_COMPONENTS
        assert body.count("are left out of the appendix") == limit - APPENDIX_COMPONENTS
        assert "--equations FILE" in appendix


def test_the_equations_document_still_has_every_component(reports):
    r = reports[6]
    text = equations_document(r)
    assert text.count("Parametrization:") == 6
    assert re.findall(r"\\subsection\{Component (\d+)\}", text) == [str(i) for i in range(1, 7)]
