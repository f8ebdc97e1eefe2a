"""The machine a benchmark ran on, as its reports name it: the processor
pytest-benchmark read (brand, family and model, since a shared machine's
brand alone, such as "AMD EPYC", may span generations whose ratios differ)
and the architecture. Figures of two runs compare only on one processor.
"""
import platform


def describe(data):
    """`data`: a pytest-benchmark JSON result. "AMD EPYC (family 25, model
    17), x86_64"; the architecture alone where the processor is unknown."""
    cpu = data.get("machine_info", {}).get("cpu", {})
    arch = cpu.get("arch_string_raw") or platform.machine()
    brand = cpu.get("brand_raw")
    if not brand:
        return arch
    if "family" in cpu and "model" in cpu:
        brand += " (family %s, model %s)" % (cpu["family"], cpu["model"])
    return "%s, %s" % (brand, arch)
