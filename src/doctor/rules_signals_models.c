/* Signal rules of the project's models and inference libraries: checkpoints, ONNX models,
 * TensorRT engines and its Python API, PyCUDA, DeepStream and jetson-inference. CUDA works in
 * all of them; the model, its files or the calls around it are wrong (the row type, where rows
 * speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_models[] = {
    {JG_SIG_tensorrt_api_changed, "traceback",
     {"project.tensorrt-api-changed", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "TensorRT loads, but the project's code calls a TensorRT Python API this TensorRT "
      "version does not have (TensorRT 8 and 10 removed and renamed builder and engine "
      "calls)",
      "port the call to this TensorRT's API (its migration guide names the replacement), or "
      "use the TensorRT major the code was written for"},
     "port the call to the API of this JetPack's TensorRT (JetPack 4.6/5: TensorRT 8, "
     "JetPack 6/7: TensorRT 10); JetPack fixes the TensorRT major", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/jkjung-avt/tensorrt_demos/issues/63 */
    {JG_SIG_pycuda_no_context, "pycuda",
     {"project.pycuda-no-context", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "PyCUDA was called in a thread (or before initialisation) that has no current CUDA "
      "context; CUDA itself works",
      "import pycuda.autoinit in the main thread, or create a context for the worker (ctx = "
      "cuda.Device(0).make_context()) and push()/pop() it around the TensorRT/PyCUDA calls in "
      "that thread; consider cuda-python instead of PyCUDA"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* PyCUDA raises LogicError for CUDA's invalid-value errors: a host buffer whose size or
     * shape differs from the device buffer (a TensorRT binding) */
    {JG_SIG_pycuda_copy_invalid, "pycuda",
     {"project.pycuda-copy-size-mismatch", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a PyCUDA copy to the GPU was refused (invalid argument): the host array does not fit "
      "the device buffer; CUDA itself works",
      "give the input the shape and dtype the engine's binding was allocated for (the ONNX "
      "model's input size, a contiguous float32 array), or allocate the buffers from the "
      "input"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch 2.6 made weights_only=True torch.load's default (its UnpicklingError says so) */
    {JG_SIG_weights_only_load, "torch.load",
     {"project.weights-only-load", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "torch.load refused the checkpoint: since torch 2.6 it loads only weights by default, "
      "and this file holds other Python objects; CUDA is not involved",
      "for a checkpoint you trust pass weights_only=False to torch.load (or allow its classes "
      "with torch.serialization.add_safe_globals), or pin torch < 2.6"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* jetson-inference's own messages: its utils were built without NumPy, or were handed an
     * object they cannot use (dusty-nv/jetson-inference's threads) */
    {JG_SIG_jetson_utils_without_numpy, "jetson-inference",
     {"project.jetson-utils-without-numpy", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "jetson.utils was built without NumPy, so cudaToNumpy / cudaFromNumpy do not exist; "
      "CUDA works",
      "install NumPy for the Python it was built for (sudo apt install python3-numpy), then "
      "rerun cmake, make and sudo make install in jetson-inference's build folder"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_jetson_utils_usage, "jetson-inference",
     {"project.jetson-utils-usage", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "jetson.utils was handed memory it cannot use (not a cudaImage, or GPU-only memory where "
      "the CPU needs access); CUDA works",
      "pass a cudaImage (jetson.utils.cudaFromNumpy converts a NumPy array), and capture with "
      "zeroCopy=True where the CPU reads the frame"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* TensorRT's network builder given weights of another model (tensorrtx's .wts files) */
    {JG_SIG_weights_do_not_fit, "TensorRT",
     {"project.weights-do-not-fit-network", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the weights do not fit the network being built (a layer gets no or wrongly sized "
      "weights): they come from another model or model version",
      "generate the weights from the model version and size the builder expects (its "
      "README names them), and set the class count to the model's"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch >= 1.6 saves checkpoints as zip archives; older torch.load says this */
    {JG_SIG_checkpoint_newer_than_torch, "torch.load",
     {"project.checkpoint-newer-than-torch", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the checkpoint was saved by torch 1.6 or newer (a zip archive) and an older torch is "
      "loading it; CUDA is not involved",
      "load it with torch >= 1.6, or save it again with "
      "torch.save(..., _use_new_zipfile_serialization=False) for the older torch"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* DeepStream's YOLO parsers: the config's class count and the network's output differ */
    {JG_SIG_model_classes_mismatch, "DeepStream",
     {"project.model-config-mismatch", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the model and its DeepStream config do not match: the network's output has another "
      "class count than the config (or a format the parser does not read)",
      "set num-detected-classes to the model's class count, and use the parser made for "
      "this model's format (its export script)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/onnx/onnx-tensorrt/issues/518 */
    {JG_SIG_tensorrt_no_optimization_profile, "TensorRT",
     {"project.tensorrt-no-optimization-profile", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the ONNX/network has dynamic input dimensions and the engine build did not add an "
      "optimization profile with min/opt/max shapes; TensorRT and CUDA work",
      "add an optimization profile (builder.create_optimization_profile(); "
      "profile.set_shape(name, min, opt, max); config.add_optimization_profile(profile)) or "
      "with trtexec pass --minShapes/--optShapes/--maxShapes, or export the model with static "
      "shapes"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* onnx/onnx-tensorrt importerUtils.cpp; the ONNX parser's and onnxruntime's words */
    {JG_SIG_onnx_model_not_accepted, "ONNX parser",
     {"project.onnx-model-not-accepted", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the ONNX model is not accepted as exported (a data type, an opset, missing shapes or "
      "outputs that the parser does not take): the export needs a change; CUDA works",
      "re-export the model (another opset, static or inferred shapes, no unsupported types: "
      "onnx-simplifier / shape inference help), then build the engine again"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/TensorRT#1913: an engine that uses a plugin whose library is not loaded */
    {JG_SIG_tensorrt_plugin_not_loaded, "TensorRT",
     {"project.tensorrt-plugin-not-loaded", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the engine uses a TensorRT plugin whose library was not loaded before deserializing: the "
      "program must load it (initLibNvInferPlugins, or the custom plugin's .so)",
      "load the plugin library first (trt.init_libnvinfer_plugins(logger, \"\"), ctypes.CDLL of "
      "the custom plugin, trtexec --plugins=...)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* marcoslucianops/DeepStream-Yolo#129 */
    {JG_SIG_deepstream_custom_lib_missing, "DeepStream",
     {"project.deepstream-custom-lib-missing", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "DeepStream's nvinfer cannot open the custom parser library the config names: it was not "
      "built, or the path is wrong",
      "build the custom library (make in its folder, with the CUDA version set) and check "
      "custom-lib-path in the nvinfer config"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* dusty-nv/jetson-inference c/tensorNet.cpp: TensorRT 10 dropped the Caffe / UFF parsers */
    {JG_SIG_model_format_unsupported, "TensorRT",
     {"project.model-format-unsupported", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the model's format (Caffe, UFF) is no longer read by this TensorRT, which dropped those "
      "parsers",
      "convert the model to ONNX and build the engine from that"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* dusty-nv/jetson-inference#1363 */
    {JG_SIG_model_io_names_wrong, "TensorRT",
     {"project.model-io-names-wrong", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the program asks for an input or output layer name the model does not have",
      "print the model's input and output names (netron, polygraphy inspect model) and pass "
      "those (jetson-inference: --input-blob / --output-cvg / --output-bbox)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA-AI-IOT/torch2trt converters/unimplemented_converters.py */
    {JG_SIG_torch2trt_unsupported_op, "torch2trt",
     {"project.torch2trt-unsupported-op", JG_L_PROJECT, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "torch2trt met a torch operation it has no converter for, so the engine does not "
      "contain it and its output may be wrong",
      "write or register a converter for that operation, change the model to avoid it, or "
      "convert through ONNX"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* hukkelas/DSFD-Pytorch-Inference#15: the build returned nothing, the engine file is empty */
    {JG_SIG_engine_file_missing, "TensorRT",
     {"project.engine-file-missing", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the engine to deserialize is empty or missing: an earlier build failed and wrote "
      "nothing, or the path is wrong",
      "build the engine again and read the builder's log for why it failed (often memory on a "
      "Jetson); check the engine path"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_tensorrt_engine_build_failed, "TensorRT",
     {"project.tensorrt-engine-build-failed", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "TensorRT's builder returned no engine (None, nullptr): the build failed earlier, and "
      "its log says why (often memory or an unsupported layer)",
      "read the builder's log above the traceback; give the builder less workspace or more "
      "memory, or replace the layer it names"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* GStreamer: linked elements found no common format */
    {JG_SIG_video_caps_mismatch, "GStreamer",
     {"project.video-caps-mismatch", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a GStreamer pipeline's elements could not agree on a format: the pipeline asks for a "
      "format, size or rate the source does not give; CUDA is not involved",
      "GST_DEBUG=3 names the link; list what the camera gives (v4l2-ctl --list-formats-ext) "
      "and ask for that, or add a converter (videoconvert, nvvidconv on a Jetson)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* llama.cpp's loader (ollama/llama.cpp src/llama.cpp) */
    {JG_SIG_model_newer_than_runtime, "llama.cpp",
     {"project.model-newer-than-runtime", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the model's architecture is newer than this llama.cpp / ollama build knows; CUDA is "
      "not involved",
      "update llama.cpp / ollama (or the program that bundles it) to a release that supports "
      "the model"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_models_count =
    sizeof jg_signal_rules_models / sizeof jg_signal_rules_models[0];
