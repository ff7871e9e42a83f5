"""Which onnxruntime execution provider the model asks for: decided from the providers onnxruntime reports and
$COATCHECK_DEVICE, so the GPU path is tested without a GPU."""

from __future__ import annotations

import pytest

from coatcheck.detect.model import active_provider, choose_providers, session_options
from coatcheck.errors import ConfigError

CPU_ONLY = ["AzureExecutionProvider", "CPUExecutionProvider"]
WITH_CUDA = ["TensorrtExecutionProvider", "CUDAExecutionProvider", "CPUExecutionProvider"]


def test_auto_uses_cuda_when_onnxruntime_gpu_offers_it_with_cpu_behind():
    assert choose_providers(WITH_CUDA, None) == (["CUDAExecutionProvider", "CPUExecutionProvider"], None)
    assert choose_providers(WITH_CUDA, "auto") == (["CUDAExecutionProvider", "CPUExecutionProvider"], None)


def test_auto_on_a_cpu_build_is_silent():
    assert choose_providers(CPU_ONLY, None) == (["CPUExecutionProvider"], None)


def test_asking_for_a_gpu_without_one_falls_back_with_one_note():
    providers, note = choose_providers(CPU_ONLY, "gpu")
    assert providers == ["CPUExecutionProvider"]
    assert note is not None and "coatcheck[gpu]" in note and "CPU" in note


def test_cpu_can_be_forced_on_a_gpu_machine():
    assert choose_providers(WITH_CUDA, "CPU") == (["CPUExecutionProvider"], None)


def test_an_unknown_device_is_a_config_error():
    with pytest.raises(ConfigError, match="COATCHECK_DEVICE"):
        choose_providers(CPU_ONLY, "tpu")


def test_thread_setting_is_validated(monkeypatch):
    monkeypatch.setenv("COATCHECK_MODEL_THREADS", "two")
    with pytest.raises(ConfigError, match="COATCHECK_MODEL_THREADS"):
        session_options()
    monkeypatch.setenv("COATCHECK_MODEL_THREADS", "1")
    assert session_options().intra_op_num_threads == 1


def test_the_shipped_model_reports_the_provider_it_runs_on():
    import onnxruntime as ort

    assert active_provider() in ort.get_available_providers()


def test_the_default_thread_count_leaves_a_core_to_the_rules(monkeypatch):
    monkeypatch.delenv("COATCHECK_MODEL_THREADS", raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert session_options().intra_op_num_threads == 7
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert session_options().intra_op_num_threads == 1
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert session_options().intra_op_num_threads == 1
