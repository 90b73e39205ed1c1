<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DescText</name>
    <message>
        <source>external data in %1</source>
        <translation>外部数据位于 %1</translation>
    </message>
    <message>
        <source>empty graph</source>
        <translation>空图</translation>
    </message>
    <message>
        <source>from the caller&apos;s attribute “%1”</source>
        <translation>取自调用方的属性“%1”</translation>
    </message>
    <message numerus="yes">
        <source>… (%n more)</source>
        <translation>
            <numerusform>…（另有 %n 项）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1%2, %n byte(s)</source>
        <translation>
            <numerusform>%1%2，%n 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>graph “%1”, %n node(s)</source>
        <translation>
            <numerusform>图“%1”，%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n byte(s)</source>
        <translation>
            <numerusform>%1，%n 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n value(s)</source>
        <translation>
            <numerusform>%n 个值</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiagramRender</name>
    <message>
        <source>there is nothing to draw</source>
        <translation>没有可绘制的内容</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>the picture is too large to draw</source>
        <translation>图片过大，无法绘制</translation>
    </message>
    <message>
        <source>unknown picture format “%1” (use .svg or .png)</source>
        <translation>未知的图片格式“%1”（请使用 .svg 或 .png）</translation>
    </message>
</context>
<context>
    <name>GraphScene</name>
    <message>
        <source>%1
Double-click to open this scope.</source>
        <translation>%1
双击展开此作用域。</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Double-click to close this scope.</source>
        <translation>%1
双击收起此作用域。</translation>
    </message>
</context>
<context>
    <name>GraphvizLayout</name>
    <message>
        <source>The Graphviz dot layout plugin could not be loaded: %1</source>
        <translation>无法加载 Graphviz dot 布局插件：%1</translation>
    </message>
    <message>
        <source>Graphviz could not create a layout context.</source>
        <translation>Graphviz 无法创建布局上下文。</translation>
    </message>
    <message>
        <source>The graph has %1 nodes; at most %2 can be laid out at once. Collapse groups to show fewer.</source>
        <translation>图中有 %1 个节点，一次最多只能布局 %2 个。请收起分组以减少显示的节点。</translation>
    </message>
    <message>
        <source>The graph has %1 edges; at most %2 can be laid out at once. Collapse groups to show fewer.</source>
        <translation>图中有 %1 条边，一次最多只能布局 %2 条。请收起分组以减少显示的内容。</translation>
    </message>
    <message>
        <source>Node %1 refers to group %2, which does not exist.</source>
        <translation>节点 %1 引用了不存在的分组 %2。</translation>
    </message>
    <message>
        <source>Group %1 has parent %2, which does not exist.</source>
        <translation>分组 %1 的父分组 %2 不存在。</translation>
    </message>
    <message>
        <source>Group %1 is its own ancestor.</source>
        <translation>分组 %1 是其自身的祖先。</translation>
    </message>
    <message>
        <source>Edge %1 (%2 to %3) refers to a node that does not exist.</source>
        <translation>边 %1（%2 到 %3）引用了不存在的节点。</translation>
    </message>
    <message>
        <source>Graphviz returned positions that are not numbers.</source>
        <translation>Graphviz 返回的坐标不是数字。</translation>
    </message>
    <message>
        <source>Graphviz could not lay out the graph.</source>
        <translation>Graphviz 无法对图进行布局。</translation>
    </message>
</context>
<context>
    <name>Localization</name>
    <message>
        <source>No translation for “%1”; using English.</source>
        <translation>没有“%1”的翻译，使用英文。</translation>
    </message>
</context>
<context>
    <name>MemoryLabels</name>
    <message>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>常量</translation>
    </message>
    <message>
        <source>File constant</source>
        <translation>文件常量</translation>
    </message>
    <message>
        <source>Constant placeholder</source>
        <translation>常量占位符</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>own memory</source>
        <translation>独立内存</translation>
    </message>
    <message>
        <source>same name and format</source>
        <translation>名称和格式相同</translation>
    </message>
    <message>
        <source>identical weight bytes</source>
        <translation>权重字节完全相同</translation>
    </message>
    <message>
        <source>same weight file and offset</source>
        <translation>权重文件和偏移相同</translation>
    </message>
    <message>
        <source>same name, fits the existing block</source>
        <translation>名称相同，且可放入已有内存块</translation>
    </message>
    <message>
        <source>shares %1 (%2)</source>
        <translation>与 %1 共享（%2）</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>键：</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>内存：</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>地址：</translation>
    </message>
    <message>
        <source>%1 (offset in the %2 pool)</source>
        <translation>%1（%2 内存池中的偏移）</translation>
    </message>
    <message>
        <source>unknown (dynamic shape)</source>
        <translation>未知（动态形状）</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>大小：</translation>
    </message>
    <message>
        <source>%1 tensor, %2 block</source>
        <translation>张量 %1，内存块 %2</translation>
    </message>
    <message>
        <source>Reuse:</source>
        <translation>复用：</translation>
    </message>
</context>
<context>
    <name>NodeDataOverlay</name>
    <message numerus="yes">
        <source>%n tensor file(s)</source>
        <translation>
            <numerusform>%n 个张量文件</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing loaded (View ▸ Node Data ▸ Load…)</source>
        <translation>未加载（视图 ▸ 节点数据 ▸ 加载…）</translation>
    </message>
    <message>
        <source>differ by at most 1 %</source>
        <translation>相差不超过 1 %</translation>
    </message>
    <message>
        <source>by at most 100 %</source>
        <translation>不超过 100 %</translation>
    </message>
    <message>
        <source>by more, inf/NaN, or another type or shape</source>
        <translation>相差更多、inf/NaN，或类型或形状不同</translation>
    </message>
    <message>
        <source>in one file only</source>
        <translation>仅在一个文件中</translation>
    </message>
    <message>
        <source>NaN or infinite</source>
        <translation>NaN 或无穷大</translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation>≤ %1</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n node(s) differ</source>
        <translation>
            <numerusform>%1，%n 个节点不同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n node(s)</source>
        <translation>
            <numerusform>%1，%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) name no node of this graph: %1%2</source>
        <translation>
            <numerusform>%n 个键不对应本图的任何节点：%1%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NumericOverlay</name>
    <message numerus="yes">
        <source>step %1 against the original, %n value(s) differ</source>
        <translation>
            <numerusform>第 %1 步与原始图相比，%n 个值不同</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1 against the original, no value differs</source>
        <translation>第 %1 步与原始图相比，没有值不同</translation>
    </message>
    <message>
        <source>step %1 cannot be evaluated</source>
        <translation>第 %1 步无法求值</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 values evaluated)</source>
        <translation>%1（已求值 %2 / %3 个值）</translation>
    </message>
    <message>
        <source>step %1: this body did not run on these inputs</source>
        <translation>第 %1 步：此子图在这些输入上未执行</translation>
    </message>
</context>
<context>
    <name>NumericSession</name>
    <message>
        <source>node “%1” (%2): %3</source>
        <translation>节点“%1”（%2）：%3</translation>
    </message>
    <message>
        <source>the original graph at %1</source>
        <translation>原始图中的%1</translation>
    </message>
    <message>
        <source>%1 (symbolic input dimensions were set to 1: pin them in Pipeline ▸ Options)</source>
        <translation>%1（符号输入维度被设为 1：请在 流水线 ▸ 选项 中固定它们）</translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>Changes of the step</source>
        <translation>本步骤的变更</translation>
    </message>
    <message>
        <source>Origin format</source>
        <translation>原始格式</translation>
    </message>
    <message>
        <source>Storage format</source>
        <translation>存储格式</translation>
    </message>
    <message>
        <source>Constant folding marks</source>
        <translation>常量折叠标记</translation>
    </message>
    <message>
        <source>added by this step</source>
        <translation>由本步骤添加</translation>
    </message>
    <message>
        <source>removed by this step (ghost)</source>
        <translation>由本步骤删除（虚影）</translation>
    </message>
    <message>
        <source>changed by this step</source>
        <translation>由本步骤修改</translation>
    </message>
    <message>
        <source>F: reads a constant made by folding</source>
        <translation>F：读取折叠生成的常量</translation>
    </message>
    <message>
        <source>TransData / ReFormat</source>
        <translation>TransData / ReFormat</translation>
    </message>
    <message>
        <source>+: inserted by this step</source>
        <translation>+：由本步骤插入</translation>
    </message>
    <message>
        <source>reads a constant made by folding</source>
        <translation>读取折叠生成的常量</translation>
    </message>
    <message>
        <source>reads a constant this step made or replaced</source>
        <translation>读取本步骤生成或替换的常量</translation>
    </message>
    <message>
        <source>potential constant (marked, not folded)</source>
        <translation>潜在常量（已标记，未折叠）</translation>
    </message>
    <message>
        <source>✕: folding switched off for the node</source>
        <translation>✕：该节点已关闭常量折叠</translation>
    </message>
    <message>
        <source>Numeric difference</source>
        <translation>数值差异</translation>
    </message>
    <message>
        <source>differs from the original by at most 1 %</source>
        <translation>与原始值相差不超过 1%</translation>
    </message>
    <message>
        <source>by at most 100 %</source>
        <translation>相差不超过 100%</translation>
    </message>
    <message>
        <source>by more, inf/NaN, or another type or shape</source>
        <translation>相差更多、inf/NaN，或类型、形状不同</translation>
    </message>
    <message>
        <source>new: nothing in the original to compare</source>
        <translation>新值：原始图中没有可比较的值</translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation>未求值</translation>
    </message>
    <message>
        <source>Node data</source>
        <translation>节点数据</translation>
    </message>
</context>
<context>
    <name>PassStatistic</name>
    <message>
        <source>Nodes replaced by constants</source>
        <translation>替换为常量的节点</translation>
    </message>
    <message>
        <source>Operations removed (folded, dead, merged or bypassed)</source>
        <translation>删除的算子（折叠、无用、合并或绕过）</translation>
    </message>
    <message>
        <source>Bytes of constants created</source>
        <translation>新建常量的字节数</translation>
    </message>
    <message>
        <source>Bytes of constants deleted</source>
        <translation>删除常量的字节数</translation>
    </message>
    <message>
        <source>Potential constants marked</source>
        <translation>标记的潜在常量</translation>
    </message>
    <message>
        <source>Common subexpressions merged</source>
        <translation>合并的公共子表达式</translation>
    </message>
    <message>
        <source>Potential-constant marks without a weight, cleared</source>
        <translation>清除的无权重潜在常量标记</translation>
    </message>
    <message>
        <source>No-op dimension ops bypassed</source>
        <translation>绕过的无效维度算子</translation>
    </message>
    <message>
        <source>Pairs of dimension ops collapsed into one Reshape</source>
        <translation>合并为一个 Reshape 的维度算子对</translation>
    </message>
    <message>
        <source>Nodes removed because nothing needs them</source>
        <translation>因无人使用而删除的节点</translation>
    </message>
</context>
<context>
    <name>Render</name>
    <message>
        <source>--step %1 is past the last pass run (%2)</source>
        <translation>--step %1 超出了最后一次 Pass 运行（%2）</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>In %1, “%2” should be %3.</source>
        <translation>%1 中的“%2”应为%3。</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>布尔值（true 或 false）</translation>
    </message>
    <message>
        <source>a non-negative integer</source>
        <translation>非负整数</translation>
    </message>
    <message>
        <source>a list of strings</source>
        <translation>字符串列表</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Ignored the unknown key “%1” in %2.</source>
        <translation>已忽略 %2 中的未知键“%1”。</translation>
    </message>
    <message>
        <source>%1 is not a PassScope session file (its “format” is not “%2”).</source>
        <translation>%1 不是 PassScope 会话文件（其“format”不是“%2”）。</translation>
    </message>
    <message>
        <source>%1 has no valid session version.</source>
        <translation>%1 没有有效的会话版本。</translation>
    </message>
    <message>
        <source>%1 is a session of version %2; this PassScope reads version %3.</source>
        <translation>%1 是版本 %2 的会话；此 PassScope 读取的是版本 %3。</translation>
    </message>
    <message>
        <source>%1 names no model (“model” is missing or empty).</source>
        <translation>%1 未指定模型（“model”缺失或为空）。</translation>
    </message>
    <message>
        <source>In %1, %2</source>
        <translation>%1 中：%2</translation>
    </message>
    <message>
        <source>a list of non-negative integers</source>
        <translation>非负整数列表</translation>
    </message>
    <message>
        <source>a pair of numbers [x, y]</source>
        <translation>一对数字 [x, y]</translation>
    </message>
    <message>
        <source>a positive number</source>
        <translation>正数</translation>
    </message>
    <message>
        <source>Could not read the session file %1: %2</source>
        <translation>无法读取会话文件 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at offset %3.</source>
        <translation>%1 不是有效的 JSON：偏移 %3 处出错：%2。</translation>
    </message>
    <message>
        <source>%1 is not a PassScope session file (expected a JSON object).</source>
        <translation>%1 不是 PassScope 会话文件（应为 JSON 对象）。</translation>
    </message>
    <message>
        <source>There is no model to save in a session.</source>
        <translation>没有可保存到会话中的模型。</translation>
    </message>
    <message>
        <source>Could not write the session file %1: %2</source>
        <translation>无法写入会话文件 %1：%2</translation>
    </message>
    <message>
        <source>a file name</source>
        <translation>文件名</translation>
    </message>
</context>
<context>
    <name>VariableNoteText</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>an earlier graph of the session</source>
        <translation>会话中较早的一张图</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Use the translation for LOCALE (e.g. zh_CN).</source>
        <translation>使用 LOCALE 对应的翻译（例如 zh_CN）。</translation>
    </message>
    <message>
        <source>Select the node named NODE once loaded.</source>
        <translation>加载完成后选中名为 NODE 的节点。</translation>
    </message>
    <message>
        <source>PassScope: step through a graph compiler&apos;s optimisation passes on an ONNX model.</source>
        <translation>PassScope：在 ONNX 模型上逐个查看图编译器的优化 Pass。</translation>
    </message>
    <message>
        <source>only one MODEL can be opened</source>
        <translation>只能打开一个 MODEL</translation>
    </message>
    <message>
        <source>Try &apos;passscope --help&apos; for more information.</source>
        <translation>运行“passscope --help”以获取更多信息。</translation>
    </message>
    <message>
        <source>no node named “%1”</source>
        <translation>没有名为“%1”的节点</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Save a picture of the window (with MODEL loaded) to FILE and exit.</source>
        <translation>将窗口截图（若指定 MODEL 则在加载后）保存到 FILE 后退出。</translation>
    </message>
    <message>
        <source>Show the graph after pass run N (0 = before the pipeline).</source>
        <translation>显示第 N 次 Pass 运行后的图（0 = 流水线运行前）。</translation>
    </message>
    <message>
        <source>Show the graph before and after the step side by side.</source>
        <translation>并排显示该步骤前后的图。</translation>
    </message>
    <message>
        <source>--step needs a number of 0 or more, not “%1”</source>
        <translation>--step 需要大于或等于 0 的数字，而不是“%1”</translation>
    </message>
    <message>
        <source>there are only %1 pass runs; showing the last</source>
        <translation>只有 %1 次 Pass 运行；显示最后一次</translation>
    </message>
    <message>
        <source>Open the If/Loop/Scan body of node NODE once shown (NODE:ATTRIBUTE picks one, e.g. if:else_branch; default: the first), as its context menu does.</source>
        <translation>显示后打开节点 NODE 的 If/Loop/Scan 子图（NODE:ATTRIBUTE 指定其一，例如 if:else_branch；默认第一个），与其右键菜单相同。</translation>
    </message>
    <message>
        <source>Pipeline option KEY=VALUE, as passscope-cli --option (e.g. passscope.target=ge runs the format passes); repeatable.</source>
        <translation>流水线选项 KEY=VALUE，同 passscope-cli --option（例如 passscope.target=ge 运行格式 Pass）；可重复。</translation>
    </message>
    <message>
        <source>Open a window showing MODEL and FILE side by side with their differences marked.</source>
        <translation>打开一个窗口，并排显示 MODEL 与 FILE，并标出差异。</translation>
    </message>
    <message>
        <source>ONNX model to open (binary or text), a GE dump file, or a folder of GE graph dumps to step through GE&apos;s compile stages.</source>
        <translation>要打开的 ONNX 模型（二进制或文本）、一个 GE dump 文件，或一个 GE 图 dump 文件夹（逐个阶段查看 GE 的编译过程）。</translation>
    </message>
    <message>
        <source>--compare needs a MODEL to compare FILE with</source>
        <translation>--compare 需要一个 MODEL 来与 FILE 比较</translation>
    </message>
    <message>
        <source>no node with a body “%1”</source>
        <translation>没有带子图的节点“%1”</translation>
    </message>
    <message>
        <source>Colour the graph by MODE: changes, origin-format, storage-format, constants or numeric (how far each node&apos;s outputs are from the original&apos;s).</source>
        <translation>按 MODE 为图着色：changes、origin-format、storage-format、constants 或 numeric（各节点输出与原始图的差距）。</translation>
    </message>
    <message>
        <source>Find the first pass run whose graph outputs differ from the original&apos;s (Pipeline ▸ Find First Divergent Step) and show it with the numeric overlay.</source>
        <translation>查找图输出首次与原始图不同的 Pass 运行（流水线 ▸ 查找首个发散步骤），并用数值差异叠加层显示该步骤。</translation>
    </message>
    <message>
        <source>unknown overlay “%1” (changes, origin-format, storage-format, constants, numeric)</source>
        <translation>未知的叠加层“%1”（可选 changes、origin-format、storage-format、constants、numeric）</translation>
    </message>
    <message>
        <source>no pass run changed the graph outputs</source>
        <translation>没有 Pass 运行改变图的输出</translation>
    </message>
    <message>
        <source>A .npy or .pb file, or an ONNX test data folder (test_data_set_N), feeding graph inputs of the numeric overlay and --bisect, as passscope-cli bisect --inputs (Pipeline ▸ Numeric Inputs…); repeatable.</source>
        <translation>为数值叠加层和 --bisect 提供图输入的 .npy 或 .pb 文件，或 ONNX 测试数据文件夹（test_data_set_N），同 passscope-cli bisect --inputs（流水线 ▸ 数值输入…）；可重复。</translation>
    </message>
    <message>
        <source>Show other tools&apos; per-node numbers (Model Explorer node data, Polygraphy --save-outputs JSON, tensor files or a folder of them) with the node data overlay, as View ▸ Node Data; twice to colour by the difference of two.</source>
        <translation>用节点数据叠加层显示其他工具的逐节点数值（Model Explorer 节点数据、Polygraphy --save-outputs JSON、张量文件或其文件夹），同 视图 ▸ 节点数据；给出两次则按两者之差着色。</translation>
    </message>
    <message>
        <source>no file or folder “%1”</source>
        <translation>没有文件或文件夹“%1”</translation>
    </message>
    <message>
        <source>numeric inputs from files: %1</source>
        <translation>来自文件的数值输入：%1</translation>
    </message>
</context>
<context>
    <name>passscope::views::CompareLoader</name>
    <message>
        <source>Not enough memory to load %1.</source>
        <translation>内存不足，无法加载 %1。</translation>
    </message>
    <message>
        <source>Unknown error while loading %1.</source>
        <translation>加载 %1 时发生未知错误。</translation>
    </message>
    <message>
        <source>Not enough memory to compare %1 and %2.</source>
        <translation>内存不足，无法比较 %1 和 %2。</translation>
    </message>
    <message>
        <source>Could not diff the models: %1</source>
        <translation>无法比较模型：%1</translation>
    </message>
    <message>
        <source>Unknown error while comparing %1 and %2.</source>
        <translation>比较 %1 和 %2 时发生未知错误。</translation>
    </message>
</context>
<context>
    <name>passscope::views::CompareView</name>
    <message numerus="yes">
        <source>%1: %2  (%n nodes)</source>
        <translation>
            <numerusform>%1：%2（%n 个节点）</numerusform>
        </translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>The graphs do not differ.</source>
        <translation>两张图没有差异。</translation>
    </message>
    <message>
        <source>%1 removed, %2 added, %3 changed</source>
        <translation>删除 %1，新增 %2，变更 %3</translation>
    </message>
    <message>
        <source>not in B (removed)</source>
        <translation>B 中没有（已删除）</translation>
    </message>
    <message>
        <source>not in A (added)</source>
        <translation>A 中没有（新增）</translation>
    </message>
    <message>
        <source>changed between A and B</source>
        <translation>A 与 B 之间有变更</translation>
    </message>
    <message>
        <source>The graphs compute the same</source>
        <translation>两个图的计算相同</translation>
    </message>
    <message numerus="yes">
        <source>%n constant(s) held differently</source>
        <translation>
            <numerusform>%n 个常量的存放方式不同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) with refined descriptions</source>
        <translation>
            <numerusform>%n 个节点的描述仅被细化</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::CompareWindow</name>
    <message>
        <source>Compare — PassScope</source>
        <translation>比较 — PassScope</translation>
    </message>
    <message>
        <source>Loaded in %1 s, diffed in %2 s, listed in %3 s, laid out in %4 s + %5 s</source>
        <translation>加载 %1 秒，比较 %2 秒，列表 %3 秒，布局 %4 秒 + %5 秒</translation>
    </message>
    <message>
        <source>%1 ↔ %2 — PassScope</source>
        <translation>%1 ↔ %2 — PassScope</translation>
    </message>
    <message>
        <source>Loading and comparing %1 and %2…</source>
        <translation>正在加载并比较 %1 和 %2…</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Laying out…</source>
        <translation>正在布局…</translation>
    </message>
    <message>
        <source>Could not compare the models.

%1</source>
        <translation>无法比较模型。

%1</translation>
    </message>
    <message>
        <source>Comparison failed</source>
        <translation>比较失败</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
</context>
<context>
    <name>passscope::views::DiffList</name>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Removed (%1)</source>
        <translation>已删除（%1）</translation>
    </message>
    <message>
        <source>Added (%1)</source>
        <translation>新增（%1）</translation>
    </message>
    <message>
        <source>Changed (%1)</source>
        <translation>已变更（%1）</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>Constants (%1)</source>
        <translation>常量（%1）</translation>
    </message>
    <message>
        <source>Constants held differently (%1)</source>
        <translation>存放方式不同的常量 (%1)</translation>
    </message>
    <message>
        <source>Same dtype, shape and bytes on both sides, in another holder (Constant node, initializer, Const) or under another name: not a difference of computation.</source>
        <translation>两侧的数据类型、形状和字节相同，只是存放者（Constant 节点、初始值、Const）或名称不同：不是计算上的差异。</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
    <message>
        <source>Descriptions refined (%1)</source>
        <translation>描述已细化 (%1)</translation>
    </message>
    <message>
        <source>Shapes or dtypes that were unknown in A and are known in B: nothing computes differently.</source>
        <translation>在 A 中未知、在 B 中已知的形状或数据类型：计算没有任何不同。</translation>
    </message>
    <message>
        <source>largest difference: %1</source>
        <translation>最大差值：%1</translation>
    </message>
    <message>
        <source>read by: %1</source>
        <translation>读取者：%1</translation>
    </message>
</context>
<context>
    <name>passscope::views::GraphPanel</name>
    <message>
        <source>Before the step</source>
        <translation>步骤执行前</translation>
    </message>
    <message>
        <source>After the step</source>
        <translation>步骤执行后</translation>
    </message>
    <message>
        <source>Back to the main graph</source>
        <translation>返回主图</translation>
    </message>
    <message>
        <source>the layout failed</source>
        <translation>布局失败</translation>
    </message>
    <message>
        <source>Main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>passscope::views::GraphScene</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 另有 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::LayoutWorker</name>
    <message>
        <source>Not enough memory for the layout.</source>
        <translation>内存不足，无法布局。</translation>
    </message>
    <message>
        <source>Unknown error in the layout.</source>
        <translation>布局时发生未知错误。</translation>
    </message>
</context>
<context>
    <name>passscope::views::MainWindow</name>
    <message>
        <source>PassScope</source>
        <translation>PassScope</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open an ONNX model</source>
        <translation>打开 ONNX 模型</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Filter Nodes</source>
        <translation>筛选节点(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;About PassScope</source>
        <translation>关于 PassScope(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>%1 — PassScope</source>
        <translation>%1 — PassScope</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>警告 (%1)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Overlay</source>
        <translation>叠加层(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;Pipeline</source>
        <translation>流水线(&amp;P)</translation>
    </message>
    <message>
        <source>Pass Timeline</source>
        <translation>Pass 时间线</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>&amp;Side by Side</source>
        <translation>并排显示(&amp;S)</translation>
    </message>
    <message>
        <source>Show the graph before and after the selected step in two synchronized views</source>
        <translation>在两个同步的视图中显示所选步骤前后的图</translation>
    </message>
    <message>
        <source>&amp;Minimap</source>
        <translation>缩略图(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Run Again</source>
        <translation>重新运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Do &amp;Not Fold This Node</source>
        <translation>不折叠此节点(&amp;N)</translation>
    </message>
    <message>
        <source>Set _do_not_constant_folding on the selected node and run the pipeline again</source>
        <translation>在所选节点上设置 _do_not_constant_folding，并重新运行流水线</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Overlay:</source>
        <translation>叠加层：</translation>
    </message>
    <message>
        <source>The pipeline failed: %1</source>
        <translation>流水线运行失败：%1</translation>
    </message>
    <message>
        <source>Folding switched off for %1; running again…</source>
        <translation>已关闭 %1 的常量折叠，正在重新运行…</translation>
    </message>
    <message>
        <source>Folding switched on for %1; running again…</source>
        <translation>已开启 %1 的常量折叠，正在重新运行…</translation>
    </message>
    <message>
        <source>(made by a pass: folding can only be switched off on nodes of the loaded model)</source>
        <translation>（由 Pass 生成：只能对已加载模型中的节点关闭常量折叠）</translation>
    </message>
    <message>
        <source>Open Body “%1”</source>
        <translation>打开子图“%1”</translation>
    </message>
    <message>
        <source>Open &amp;Session…</source>
        <translation>打开会话(&amp;S)…</translation>
    </message>
    <message>
        <source>Optimized &amp;Model at This Step…</source>
        <translation>此步骤的优化后模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Pipeline &amp;Report (JSON)…</source>
        <translation>流水线报告（JSON）(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Picture of the View (SVG, PNG)…</source>
        <translation>视图图片（SVG、PNG）(&amp;P)…</translation>
    </message>
    <message>
        <source>Variable Memory</source>
        <translation>变量内存</translation>
    </message>
    <message>
        <source>&amp;Options…</source>
        <translation>选项(&amp;O)…</translation>
    </message>
    <message>
        <source>Choose the optimization level, passes, input shapes and folding exceptions, then run again</source>
        <translation>选择优化级别、Pass、输入形状和常量折叠例外，然后重新运行</translation>
    </message>
    <message>
        <source>Sa&amp;ve Session…</source>
        <translation>保存会话(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>取消加载(&amp;C)</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>与其他模型比较(&amp;W)…</translation>
    </message>
    <message>
        <source>Show the model beside another one with the differences marked</source>
        <translation>将当前模型与另一个模型并排显示，并标出差异</translation>
    </message>
    <message>
        <source>Open GE &amp;Dump Folder…</source>
        <translation>打开 GE &amp;Dump 文件夹…</translation>
    </message>
    <message>
        <source>Open a folder of GE graph dumps (DUMP_GE_GRAPH) and step through GE&apos;s compile stages</source>
        <translation>打开一个 GE 图 dump 文件夹（DUMP_GE_GRAPH），逐个阶段查看 GE 的编译过程</translation>
    </message>
    <message>
        <source>Next C&amp;hange</source>
        <translation>下一个变化(&amp;H)</translation>
    </message>
    <message>
        <source>Select the next node the step changed, in the order of the data flow</source>
        <translation>按数据流顺序选择该步骤改变的下一个节点</translation>
    </message>
    <message>
        <source>Previous Chan&amp;ge</source>
        <translation>上一个变化(&amp;G)</translation>
    </message>
    <message>
        <source>Select the previous node the step changed, in the order of the data flow</source>
        <translation>按数据流顺序选择该步骤改变的上一个节点</translation>
    </message>
    <message>
        <source>Find First &amp;Divergent Step</source>
        <translation>查找首个发散步骤(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Node Data</source>
        <translation>节点数据(&amp;N)</translation>
    </message>
    <message>
        <source>Evaluate the graph at steps of the run on the numeric inputs and find the first pass run whose outputs differ from the original&apos;s</source>
        <translation>在数值输入上计算运行各步的图，找出第一个输出与原始图不同的 pass 运行</translation>
    </message>
    <message>
        <source>Numeric &amp;Inputs…</source>
        <translation>数值输入(&amp;I)…</translation>
    </message>
    <message>
        <source>Choose the .npy or .pb files, or an ONNX test data folder, that feed the graph inputs of the numeric overlay and Find First Divergent Step (seeded random values otherwise)</source>
        <translation>选择为数值叠加层和“查找第一个分歧步骤”提供图输入的 .npy 或 .pb 文件，或 ONNX 测试数据文件夹（否则使用带种子的随机值）</translation>
    </message>
    <message>
        <source>&amp;Load Node Data…</source>
        <translation>加载节点数据(&amp;L)…</translation>
    </message>
    <message>
        <source>Show other tools&apos; per-node numbers on the graph: Model Explorer node data, Polygraphy&apos;s saved outputs (JSON) or tensor files; two files are coloured by their difference</source>
        <translation>在图上显示其他工具的逐节点数值：Model Explorer 节点数据、Polygraphy 保存的输出（JSON）或张量文件；两个文件按其差异着色</translation>
    </message>
    <message>
        <source>Load Node Data &amp;Folder…</source>
        <translation>加载节点数据文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>A folder of per-tensor files (ONNX Runtime&apos;s .tensorproto dumps, .pb, .npy); shown with those loaded already, to compare two runs</source>
        <translation>逐张量文件的文件夹（ONNX Runtime 的 .tensorproto 转储、.pb、.npy）；与已加载的一起显示，以比较两次运行</translation>
    </message>
    <message>
        <source>&amp;Clear Node Data</source>
        <translation>清除节点数据(&amp;C)</translation>
    </message>
</context>
<context>
    <name>passscope::views::MemoryMapPanel</name>
    <message>
        <source>Log size</source>
        <translation>对数大小</translation>
    </message>
    <message>
        <source>Widths grow with the logarithm of each block&apos;s size, so small and large entries are both readable</source>
        <translation>宽度按各内存块大小的对数增长，小条目和大条目都清晰可读</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小 (-)</translation>
    </message>
    <message>
        <source>Zoom in (+ or the mouse wheel)</source>
        <translation>放大（+ 或鼠标滚轮）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Show the whole pool (0)</source>
        <translation>显示整个内存池 (0)</translation>
    </message>
    <message>
        <source>No variables or constants in device memory</source>
        <translation>设备内存中没有变量或常量</translation>
    </message>
    <message>
        <source>%1: %2, entries: %3</source>
        <translation>%1：%2，条目：%3</translation>
    </message>
    <message>
        <source>no reuse</source>
        <translation>无复用</translation>
    </message>
    <message>
        <source>reused entries: %1 (saving %2)</source>
        <translation>复用条目：%1（节省 %2）</translation>
    </message>
</context>
<context>
    <name>passscope::views::MemoryMapView</name>
    <message>
        <source>Variable memory map</source>
        <translation>变量内存分布图</translation>
    </message>
    <message>
        <source>This model has no variables or constants in device memory.</source>
        <translation>此模型在设备内存中没有变量或常量。</translation>
    </message>
    <message>
        <source>Variables, constants and file constants appear here at the addresses GE&apos;s variable manager would give them.</source>
        <translation>变量、常量和文件常量按 GE 变量管理器为其分配的地址显示在此处。</translation>
    </message>
    <message>
        <source>Reuses the memory above it</source>
        <translation>复用其上方的内存</translation>
    </message>
    <message>
        <source>Linear, %1%</source>
        <translation>线性，%1%</translation>
    </message>
    <message>
        <source>Log size, %1%</source>
        <translation>对数大小，%1%</translation>
    </message>
    <message>
        <source>entries: %1</source>
        <translation>条目：%1</translation>
    </message>
    <message>
        <source>reused</source>
        <translation>已复用</translation>
    </message>
    <message>
        <source>Blocks in address order from %1; widths grow with log2 of the size</source>
        <translation>内存块自 %1 起按地址顺序排列；宽度按大小的 log2 增长</translation>
    </message>
</context>
<context>
    <name>passscope::views::Minimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>passscope::views::ModelDocument</name>
    <message>
        <source>no model is open</source>
        <translation>没有打开的模型</translation>
    </message>
    <message>
        <source>no pipeline run to export</source>
        <translation>没有可导出的流水线运行结果</translation>
    </message>
    <message>
        <source>no pipeline run to report</source>
        <translation>没有可生成报告的流水线运行结果</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Numeric inputs: %1</source>
        <translation>数值输入：%1</translation>
    </message>
    <message>
        <source>added by this step</source>
        <translation>由本步骤添加</translation>
    </message>
    <message>
        <source>changed by this step</source>
        <translation>由本步骤修改</translation>
    </message>
</context>
<context>
    <name>passscope::views::ModelLoader</name>
    <message>
        <source>Not enough memory to load %1.</source>
        <translation>内存不足，无法加载 %1。</translation>
    </message>
    <message>
        <source>Unknown error while loading %1.</source>
        <translation>加载 %1 时发生未知错误。</translation>
    </message>
    <message>
        <source>Could not load %1.</source>
        <translation>无法加载 %1。</translation>
    </message>
</context>
<context>
    <name>passscope::views::NodeTableModel</name>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
</context>
<context>
    <name>passscope::views::NodesPanel</name>
    <message>
        <source>Filter by node name or op type (regular expression)</source>
        <translation>按节点名称或算子类型筛选（正则表达式）</translation>
    </message>
    <message>
        <source>Case-insensitive unless the pattern contains an upper-case letter.</source>
        <translation>模式中不含大写字母时不区分大小写。</translation>
    </message>
    <message>
        <source>Not a valid regular expression (%1): matching the text literally.</source>
        <translation>不是有效的正则表达式（%1）：按字面文本匹配。</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n node(s)</source>
        <translation>
            <numerusform>%1 / %n 个节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::NumericController</name>
    <message>
        <source>%1: max |diff| %2, max rel. diff %3</source>
        <translation>%1：最大绝对差 %2，最大相对差 %3</translation>
    </message>
    <message>
        <source>Not enough memory to evaluate the graph.</source>
        <translation>内存不足，无法对图求值。</translation>
    </message>
    <message>
        <source>Unknown error while evaluating the graph.</source>
        <translation>对图求值时发生未知错误。</translation>
    </message>
</context>
<context>
    <name>passscope::views::NumericInputsDialog</name>
    <message>
        <source>Numeric Inputs</source>
        <translation>数值输入</translation>
    </message>
    <message>
        <source>Files the numeric overlay and Find First Divergent Step feed the graph inputs with: a NumPy .npy or an ONNX TensorProto .pb each, or all from an ONNX test data folder. An input left empty gets seeded random values.</source>
        <translation>数值叠加层和“查找第一个分歧步骤”为图输入提供的文件：每个输入一个 NumPy .npy 或 ONNX TensorProto .pb，或全部来自一个 ONNX 测试数据文件夹。留空的输入使用带种子的随机值。</translation>
    </message>
    <message>
        <source>its default</source>
        <translation>其默认值</translation>
    </message>
    <message>
        <source>seeded random</source>
        <translation>带种子的随机值</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Test Data &amp;Folder…</source>
        <translation>测试数据文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>An ONNX test data folder (test_data_set_0 with input_0.pb, input_1.pb, …): each file feeds the input its tensor names, else the input at its position</source>
        <translation>ONNX 测试数据文件夹（test_data_set_0，含 input_0.pb、input_1.pb、…）：每个文件提供其张量名称所指的输入，否则提供其位置上的输入</translation>
    </message>
    <message>
        <source>&amp;Clear All</source>
        <translation>全部清除(&amp;C)</translation>
    </message>
    <message>
        <source>Numeric Input “%1”</source>
        <translation>数值输入“%1”</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.pb);;All files (*)</source>
        <translation>张量 (*.npy *.pb);;所有文件 (*)</translation>
    </message>
    <message>
        <source>ONNX Test Data Folder</source>
        <translation>ONNX 测试数据文件夹</translation>
    </message>
    <message>
        <source>Input “%1”: %2</source>
        <translation>输入“%1”：%2</translation>
    </message>
</context>
<context>
    <name>passscope::views::NumericView</name>
    <message>
        <source>Finding the first divergent step…</source>
        <translation>正在查找首个发散步骤…</translation>
    </message>
    <message>
        <source>Finding the first divergent step: evaluating the graph after step %1…</source>
        <translation>正在查找首个发散步骤：对第 %1 步之后的图求值…</translation>
    </message>
    <message>
        <source>Cannot find the first divergent step: %1</source>
        <translation>无法查找首个发散步骤：%1</translation>
    </message>
    <message>
        <source>Finding the first divergent step was cancelled</source>
        <translation>已取消查找首个发散步骤</translation>
    </message>
    <message>
        <source>Cannot read node data: %1</source>
        <translation>无法读取节点数据：%1</translation>
    </message>
    <message>
        <source>Load Node Data</source>
        <translation>加载节点数据</translation>
    </message>
    <message>
        <source>Node data (*.json *.pb *.npy *.tensorproto);;All files (*)</source>
        <translation>节点数据 (*.json *.pb *.npy *.tensorproto);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Node Data Folder</source>
        <translation>节点数据文件夹</translation>
    </message>
    <message numerus="yes">
        <source>Numeric inputs: %n input(s) from files</source>
        <translation>
            <numerusform>数值输入：%n 个输入来自文件</numerusform>
        </translation>
    </message>
    <message>
        <source>No pass run changed the graph outputs (on the numeric input files)</source>
        <translation>没有 pass 运行改变图的输出（在数值输入文件上）</translation>
    </message>
    <message>
        <source>No pass run changed the graph outputs (on seeded random inputs)</source>
        <translation>没有 Pass 运行改变图的输出（基于固定种子的随机输入）</translation>
    </message>
    <message>
        <source>Step %1, %2 (stage %3), is the first whose graph outputs differ from the original&apos;s</source>
        <translation>第 %1 步 %2（阶段 %3）是图输出首次与原始图不同的步骤</translation>
    </message>
    <message>
        <source>First Divergent Step</source>
        <translation>首个发散步骤</translation>
    </message>
    <message>
        <source>Show step %1 with the numeric difference overlay?</source>
        <translation>用数值差异叠加层显示第 %1 步吗？</translation>
    </message>
    <message>
        <source>Numeric difference: cannot evaluate %1</source>
        <translation>数值差异：无法求值 %1</translation>
    </message>
    <message>
        <source>computing step %1…</source>
        <translation>正在计算第 %1 步…</translation>
    </message>
</context>
<context>
    <name>passscope::views::OptionsDialog</name>
    <message>
        <source>Pipeline Options</source>
        <translation>流水线选项</translation>
    </message>
    <message>
        <source>OK and Run Again</source>
        <translation>确定并重新运行</translation>
    </message>
    <message>
        <source>Optimization</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>O0 — no optimization</source>
        <translation>O0 — 不优化</translation>
    </message>
    <message>
        <source>O1 — constant folding, dead code</source>
        <translation>O1 — 常量折叠、死代码消除</translation>
    </message>
    <message>
        <source>O2 — and common subexpressions</source>
        <translation>O2 — 另加公共子表达式消除</translation>
    </message>
    <message>
        <source>O3 — everything (default)</source>
        <translation>O3 — 全部（默认）</translation>
    </message>
    <message>
        <source>O0: no pass runs; the graph stays as loaded.</source>
        <translation>O0：不运行任何 Pass；图保持加载时的状态。</translation>
    </message>
    <message>
        <source>O1: the constant folding family and dead code elimination.</source>
        <translation>O1：常量折叠系列 Pass 与死代码消除。</translation>
    </message>
    <message>
        <source>O2: O1 plus common subexpression elimination.</source>
        <translation>O2：O1 加上公共子表达式消除。</translation>
    </message>
    <message>
        <source>O3: every pass; GE&apos;s default.</source>
        <translation>O3：运行所有 Pass；GE 的默认级别。</translation>
    </message>
    <message>
        <source>GE&apos;s optimization level: O0 runs nothing, O1 folds constants and removes dead code, O2 also merges common subexpressions, O3 runs everything.</source>
        <translation>GE 的优化级别：O0 不运行任何 Pass，O1 进行常量折叠并消除死代码，O2 还会合并公共子表达式，O3 运行全部 Pass。</translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation>级别(&amp;L)：</translation>
    </message>
    <message>
        <source>Constant &amp;folding</source>
        <translation>常量折叠(&amp;F)</translation>
    </message>
    <message>
        <source>Run the constant folding family of passes.</source>
        <translation>运行常量折叠系列 Pass。</translation>
    </message>
    <message>
        <source>&amp;Memory priority</source>
        <translation>内存优先(&amp;M)</translation>
    </message>
    <message>
        <source>Do not fold constants of more than 8 elements that several consumers share (saves memory, costs run time).</source>
        <translation>不折叠元素数超过 8 且被多个消费节点共享的常量（节省内存，但会增加运行时间）。</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Do not fold a node whose outputs would take more than this.</source>
        <translation>输出大小超过此值的节点不进行常量折叠。</translation>
    </message>
    <message>
        <source>Currently %1 bytes; kept unless you change the value.</source>
        <translation>当前为 %1 字节；除非修改此值，否则保持不变。</translation>
    </message>
    <message>
        <source>now %1 bytes</source>
        <translation>当前为 %1 字节</translation>
    </message>
    <message>
        <source>Fold size &amp;threshold:</source>
        <translation>折叠大小阈值(&amp;T)：</translation>
    </message>
    <message>
        <source>How many times a stage may repeat its passes to reach a fixed point.</source>
        <translation>为达到不动点，一个阶段最多可重复执行其 Pass 的次数。</translation>
    </message>
    <message>
        <source>&amp;Iteration cap:</source>
        <translation>迭代上限(&amp;I)：</translation>
    </message>
    <message>
        <source>ONNX</source>
        <translation>ONNX</translation>
    </message>
    <message>
        <source>GE</source>
        <translation>GE</translation>
    </message>
    <message>
        <source>The graph the pipeline produces: ONNX operators or GE&apos;s.</source>
        <translation>流水线生成的图：使用 ONNX 算子或 GE 算子。</translation>
    </message>
    <message>
        <source>T&amp;arget:</source>
        <translation>目标(&amp;A)：</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>Pass</translation>
    </message>
    <message>
        <source>Bold: switched by hand.</source>
        <translation>粗体：已手动开启或关闭。</translation>
    </message>
    <message>
        <source>Follow &amp;Level</source>
        <translation>跟随级别(&amp;L)</translation>
    </message>
    <message>
        <source>Forget the switches made by hand: every pass runs as the level and constant folding say.</source>
        <translation>清除所有手动开关：每个 Pass 均按优化级别和常量折叠设置运行。</translation>
    </message>
    <message>
        <source>Input Shapes</source>
        <translation>输入形状</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Dimensions</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Pin an input&apos;s shape before the pipeline runs, e.g. 1,3,224,224; leave empty to keep the model&apos;s shape.</source>
        <translation>在流水线运行前固定输入的形状，例如 1,3,224,224；留空则保留模型中的形状。</translation>
    </message>
    <message>
        <source>The model has no graph inputs to pin.</source>
        <translation>该模型没有可固定形状的图输入。</translation>
    </message>
    <message>
        <source>Not Folded</source>
        <translation>不折叠的节点</translation>
    </message>
    <message>
        <source>Nodes marked _do_not_constant_folding (the node context menu adds them).</source>
        <translation>标记了 _do_not_constant_folding 的节点（可通过节点的右键菜单添加）。</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Switched on by hand.</source>
        <translation>已手动开启。</translation>
    </message>
    <message>
        <source>Switched off by hand.</source>
        <translation>已手动关闭。</translation>
    </message>
    <message>
        <source>Follows the level and constant folding.</source>
        <translation>跟随优化级别和常量折叠设置。</translation>
    </message>
    <message>
        <source>%1 is not an input of the loaded model; clear its dimensions.</source>
        <translation>%1 不是已加载模型的输入；请清除其维度。</translation>
    </message>
    <message>
        <source>&amp;Variable fusion</source>
        <translation>变量融合(&amp;V)</translation>
    </message>
    <message>
        <source>Target GE: store a variable in the format all its readers convert it to, and remove the conversions (VariableOpPass).</source>
        <translation>目标 GE：以所有读取者都会转换成的格式存储变量，并删除这些转换（VariableOpPass）。</translation>
    </message>
    <message>
        <source>Formats (target GE)</source>
        <translation>格式（目标 GE）</translation>
    </message>
    <message>
        <source>The format of graph inputs that no format-defining operator reaches (GE&apos;s data_format).</source>
        <translation>没有任何定义格式的算子到达的图输入所用的格式（GE 的 data_format）。</translation>
    </message>
    <message>
        <source>&amp;Data format:</source>
        <translation>数据格式(&amp;D)：</translation>
    </message>
    <message>
        <source>bundled table</source>
        <translation>内置表</translation>
    </message>
    <message>
        <source>The op-format capability table (JSON) the storage format selection reads; empty: the bundled default table.</source>
        <translation>存储格式选择所读取的算子格式能力表（JSON）；留空：使用内置的默认表。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Format Table</source>
        <translation>格式表</translation>
    </message>
    <message>
        <source>Format tables (*.json);;All files (*)</source>
        <translation>格式表 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Format &amp;table:</source>
        <translation>格式表(&amp;T)：</translation>
    </message>
    <message>
        <source>Graph input or output</source>
        <translation>图输入或输出</translation>
    </message>
    <message>
        <source>Storage format</source>
        <translation>存储格式</translation>
    </message>
    <message>
        <source>The format a graph input or output is stored in on the device; empty: the one the format passes choose.</source>
        <translation>图输入或输出在设备上的存储格式；留空：由格式 Pass 选择。</translation>
    </message>
    <message>
        <source>graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>not an input or output of the loaded model</source>
        <translation>不是已加载模型的输入或输出</translation>
    </message>
    <message>
        <source>%1 is not a readable file.</source>
        <translation>%1 不是可读文件。</translation>
    </message>
    <message>
        <source>The format passes run only for target GE.</source>
        <translation>格式 Pass 仅在目标 GE 下运行。</translation>
    </message>
</context>
<context>
    <name>passscope::views::PassChart</name>
    <message>
        <source>Original model</source>
        <translation>原始模型</translation>
    </message>
    <message>
        <source>Step %1: %2 (%3, iteration %4)</source>
        <translation>第 %1 步：%2（%3，第 %4 次迭代）</translation>
    </message>
    <message>
        <source>changed nothing</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>节点数：%1</translation>
    </message>
    <message>
        <source>Constant bytes: %1 (%2)</source>
        <translation>常量字节数：%1（%2）</translation>
    </message>
    <message>
        <source>Run the pipeline to chart nodes and constant bytes after every pass.</source>
        <translation>运行流水线后，这里以图表显示每个 Pass 之后的节点数和常量字节数。</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Constant bytes</source>
        <translation>常量字节数</translation>
    </message>
</context>
<context>
    <name>passscope::views::PipelineRunner</name>
    <message>
        <source>No model to optimise.</source>
        <translation>没有可优化的模型。</translation>
    </message>
    <message>
        <source>Not enough memory to run the pipeline.</source>
        <translation>内存不足，无法运行流水线。</translation>
    </message>
    <message>
        <source>Unknown error while running the pipeline.</source>
        <translation>运行流水线时发生未知错误。</translation>
    </message>
    <message>
        <source>The pipeline failed.</source>
        <translation>流水线运行失败。</translation>
    </message>
</context>
<context>
    <name>passscope::views::PropertiesPanel</name>
    <message>
        <source>Select a node in the table to see its attributes and tensor descriptions.</source>
        <translation>在表格中选择一个节点，查看其属性和张量描述。</translation>
    </message>
    <message>
        <source>(omitted)</source>
        <translation>（省略）</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>原始</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Value range</source>
        <translation>取值范围</translation>
    </message>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Control edges</source>
        <translation>控制边</translation>
    </message>
    <message>
        <source>%1 in, %2 out</source>
        <translation>入 %1，出 %2</translation>
    </message>
    <message>
        <source>Attributes (%1)</source>
        <translation>算子属性 (%1)</translation>
    </message>
    <message>
        <source>No attributes.</source>
        <translation>没有属性。</translation>
    </message>
    <message>
        <source>Inputs (%1)</source>
        <translation>输入 (%1)</translation>
    </message>
    <message>
        <source>No inputs.</source>
        <translation>没有输入。</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生产节点</translation>
    </message>
    <message>
        <source>Outputs (%1)</source>
        <translation>输出 (%1)</translation>
    </message>
    <message>
        <source>No outputs.</source>
        <translation>没有输出。</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>消费节点数</translation>
    </message>
    <message>
        <source>This step</source>
        <translation>本步骤</translation>
    </message>
    <message>
        <source>Folded from</source>
        <translation>折叠来源</translation>
    </message>
    <message>
        <source>Potential constant</source>
        <translation>潜在常量</translation>
    </message>
    <message>
        <source>marked by %1</source>
        <translation>由 %1 标记</translation>
    </message>
    <message>
        <source>Folding</source>
        <translation>常量折叠</translation>
    </message>
    <message>
        <source>switched off (_do_not_constant_folding)</source>
        <translation>已关闭（_do_not_constant_folding）</translation>
    </message>
    <message>
        <source>Not folded</source>
        <translation>未折叠</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>Sampled</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>statistics of the first %1 values</source>
        <translation>前 %1 个值的统计</translation>
    </message>
    <message>
        <source>Min / max</source>
        <translation>最小值 / 最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>零值个数</translation>
    </message>
    <message>
        <source>NaNs</source>
        <translation>NaN 个数</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Output #%1</source>
        <translation>输出 #%1</translation>
    </message>
    <message>
        <source>Read as</source>
        <translation>读取方式</translation>
    </message>
    <message>
        <source>input %1 of %2</source>
        <translation>%2 的输入 %1</translation>
    </message>
    <message>
        <source>Refers to</source>
        <translation>指向</translation>
    </message>
    <message>
        <source>Var key</source>
        <translation>变量键</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Logic address</source>
        <translation>逻辑地址</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Reuses</source>
        <translation>复用</translation>
    </message>
    <message>
        <source>no (memory of its own)</source>
        <translation>否（独占内存）</translation>
    </message>
    <message>
        <source>not in the memory plan at this step</source>
        <translation>此步骤不在内存规划中</translation>
    </message>
    <message>
        <source>Fusion</source>
        <translation>融合</translation>
    </message>
    <message>
        <source>fused</source>
        <translation>已融合</translation>
    </message>
    <message>
        <source>not fused</source>
        <translation>未融合</translation>
    </message>
    <message>
        <source>Decided at</source>
        <translation>决定于</translation>
    </message>
    <message>
        <source>step %1, later than the step shown</source>
        <translation>第 %1 步，晚于当前显示的步骤</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Trans road</source>
        <translation>转换路径</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Persistent memory</source>
        <translation>持久内存</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>Converts</source>
        <translation>转换</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>stored as %1, but the attribute says %2</source>
        <translation>存储为 %1，但属性为 %2</translation>
    </message>
    <message>
        <source>Input (from %1)</source>
        <translation>输入（来自 %1）</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Format conversion</source>
        <translation>格式转换</translation>
    </message>
    <message>
        <source>Numeric difference (step %1 against the original)</source>
        <translation>数值差异（第 %1 步与原始图相比）</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>a value the original does not have: nothing to compare</source>
        <translation>原始图中没有此值：无可比较</translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation>未求值</translation>
    </message>
    <message>
        <source>Original min / max / mean</source>
        <translation>原始 最小值 / 最大值 / 平均值</translation>
    </message>
    <message>
        <source>This step min / max / mean</source>
        <translation>本步骤 最小值 / 最大值 / 平均值</translation>
    </message>
    <message>
        <source>Max |diff|</source>
        <translation>最大绝对差</translation>
    </message>
    <message>
        <source>Max rel. diff</source>
        <translation>最大相对差</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>within tolerance</source>
        <translation>在容差之内</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>differs: %1</source>
        <translation>不同：%1</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>no numbers</source>
        <translation>没有数值</translation>
    </message>
    <message numerus="yes">
        <source>, %n NaN(s)</source>
        <translation>
            <numerusform>，%n 个 NaN</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n infinite</source>
        <translation>
            <numerusform>，%n 个无穷大</numerusform>
        </translation>
    </message>
    <message>
        <source>Node data</source>
        <translation>节点数据</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来自</translation>
    </message>
</context>
<context>
    <name>passscope::views::RecentMenu</name>
    <message>
        <source>No Recent Models</source>
        <translation>没有最近打开的模型</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
</context>
<context>
    <name>passscope::views::SearchBar</name>
    <message>
        <source>Search: name, op type or regex</source>
        <translation>搜索：名称、算子类型或正则表达式</translation>
    </message>
    <message>
        <source>Matches node names and op types, as the node table&apos;s filter does: a pattern with regex characters is a regular expression; case is ignored unless the pattern has an upper-case letter. Enter jumps to the next match.</source>
        <translation>匹配节点名称和算子类型，与节点表的过滤规则相同：含有正则表达式字符的模式按正则表达式处理；除非模式中含有大写字母，否则不区分大小写。按 Enter 跳到下一个匹配项。</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配项</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>passscope::views::StepController</name>
    <message>
        <source>Not enough memory to prepare the steps of the run.</source>
        <translation>内存不足，无法准备本次运行的步骤。</translation>
    </message>
    <message>
        <source>Unknown error while preparing the steps of the run.</source>
        <translation>准备本次运行的步骤时发生未知错误。</translation>
    </message>
    <message>
        <source>Cannot prepare the steps of the run: %1</source>
        <translation>无法准备本次运行的步骤：%1</translation>
    </message>
</context>
<context>
    <name>passscope::views::StepFollower</name>
    <message>
        <source>The step shown marks no node</source>
        <translation>当前步骤没有标记任何节点</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>Change %1 of %2: %3 (%4)</source>
        <translation>第 %1 个变化,共 %2 个:%3(%4)</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) (%1: next)</source>
        <translation>
            <numerusform>%n 个变化(%1:下一个)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::SummaryPanel</name>
    <message>
        <source>No model loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>IR version:</source>
        <translation>IR 版本：</translation>
    </message>
    <message>
        <source>Producer:</source>
        <translation>生成工具：</translation>
    </message>
    <message>
        <source>Opsets:</source>
        <translation>算子集：</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点：</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n byte(s))</source>
        <translation>
            <numerusform>%1（%n 字节）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in external data</source>
        <translation>其中 %1 个在外部数据中</translation>
    </message>
    <message>
        <source>Initializers:</source>
        <translation>初始值：</translation>
    </message>
    <message>
        <source>Subgraphs:</source>
        <translation>子图：</translation>
    </message>
    <message>
        <source>Inputs (%1):</source>
        <translation>输入（%1）：</translation>
    </message>
    <message>
        <source>Outputs (%1):</source>
        <translation>输出（%1）：</translation>
    </message>
    <message>
        <source>Ops:</source>
        <translation>算子：</translation>
    </message>
</context>
<context>
    <name>passscope::views::TimelineModel</name>
    <message>
        <source>Original model</source>
        <translation>原始模型</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) in the graph</source>
        <translation>
            <numerusform>图中有 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>The model as loaded, before the first pass.</source>
        <translation>刚加载的模型，尚未运行任何 Pass。</translation>
    </message>
    <message>
        <source>%1 — stage %2, iteration %3</source>
        <translation>%1 — 阶段 %2，第 %3 次迭代</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) recorded</source>
        <translation>
            <numerusform>记录了 %n 处变更</numerusform>
        </translation>
    </message>
    <message>
        <source>Changed nothing</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>Nodes added %1, removed %2, edited %3</source>
        <translation>节点：新增 %1，删除 %2，修改 %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Nodes left unfolded: %1</source>
        <translation>未折叠的节点：%1</translation>
    </message>
    <message>
        <source>Time: %1 ms</source>
        <translation>耗时：%1 毫秒</translation>
    </message>
    <message>
        <source>Position in the pipeline: the graph after this many steps</source>
        <translation>在流水线中的位置：执行该步数之后的图</translation>
    </message>
    <message>
        <source>Iteration of the stage (stages repeat their passes to a fixed point)</source>
        <translation>阶段的迭代序号（各阶段重复执行其 Pass，直至达到不动点）</translation>
    </message>
    <message>
        <source>Nodes a folding pass examined and left alone</source>
        <translation>常量折叠 Pass 检查后未折叠的节点</translation>
    </message>
    <message>
        <source>Time the pass took, in milliseconds</source>
        <translation>该 Pass 的耗时（毫秒）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Iter.</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Pass</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>Unfolded</source>
        <translation>未折叠</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>耗时（毫秒）</translation>
    </message>
    <message>
        <source>Constant nodes created, deleted or edited: %1</source>
        <translation>创建、删除或修改的常量节点：%1</translation>
    </message>
    <message>
        <source>Computing nodes the pass added (constants are counted apart)</source>
        <translation>该 Pass 新增的计算节点（常量单独计数）</translation>
    </message>
    <message>
        <source>Computing nodes the pass removed (constants are counted apart)</source>
        <translation>该 Pass 删除的计算节点（常量单独计数）</translation>
    </message>
    <message>
        <source>Nodes whose inputs, attributes or descriptions the pass changed (a rewire from one constant to another is not counted)</source>
        <translation>该 Pass 修改了输入、属性或张量描述的节点（从一个常量改接到另一个常量不计入）</translation>
    </message>
    <message>
        <source>Constant nodes the pass created, deleted or edited (e.g. an ONNX Constant folded into a Const): a change of representation, not of what is computed</source>
        <translation>该 Pass 创建、删除或修改的常量节点（例如 ONNX Constant 折叠为 Const）：只改变表示方式，不改变计算内容</translation>
    </message>
    <message>
        <source>Constants</source>
        <translation>常量</translation>
    </message>
    <message>
        <source>%1 (first dump)</source>
        <translation>%1（第一个 dump）</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，位于 %2</translation>
    </message>
    <message>
        <source>Inside the body %1</source>
        <translation>位于子图 %1 内</translation>
    </message>
    <message>
        <source>Nodes of the body added %1, removed %2, edited %3</source>
        <translation>子图中新增 %1、删除 %2、编辑 %3 个节点</translation>
    </message>
    <message>
        <source>first ≠</source>
        <translation>首个 ≠</translation>
    </message>
    <message>
        <source>The graph outputs at this step differ from the original&apos;s</source>
        <translation>此步骤的图输出与原始图不同</translation>
    </message>
    <message>
        <source>The graph outputs at this step are the original&apos;s</source>
        <translation>此步骤的图输出与原始图相同</translation>
    </message>
    <message>
        <source>Whether the graph outputs at the step differ from the original&apos;s, where Find First Divergent Step evaluated them (= the same, ≠ different), and the first pass run whose outputs differ</source>
        <translation>“查找首个发散步骤”求值过的步骤上，图输出是否与原始图不同（= 相同，≠ 不同），以及输出首次不同的 Pass 运行</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
</context>
<context>
    <name>passscope::views::TimelinePanel</name>
    <message>
        <source>First Step</source>
        <translation>第一步</translation>
    </message>
    <message>
        <source>Previous Step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next Step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Last Step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <source>Hide passes that changed nothing</source>
        <translation>隐藏无变化的 Pass</translation>
    </message>
    <message>
        <source>Show only the pass runs that changed the graph, so that stepping goes from one change to the next.</source>
        <translation>只显示修改了图的 Pass 运行，单步浏览时即可从一处变更直接跳到下一处。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the pipeline; the timeline keeps the last finished run</source>
        <translation>停止流水线；时间线保留上一次完成的运行</translation>
    </message>
    <message>
        <source>No pipeline run</source>
        <translation>尚未运行流水线</translation>
    </message>
    <message numerus="yes">
        <source>%n pass run(s), %1 changed the graph</source>
        <translation>
            <numerusform>%n 次 Pass 运行，其中 %1 次修改了图</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the pipeline…</source>
        <translation>正在运行流水线…</translation>
    </message>
    <message numerus="yes">
        <source>Running the pipeline: %n pass run(s) done, last %1</source>
        <translation>
            <numerusform>正在运行流水线：已完成 %n 次 Pass 运行，最近一次为 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::VarMemoryTableModel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>内存块</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Reuse</source>
        <translation>复用</translation>
    </message>
    <message>
        <source>Var key</source>
        <translation>变量键</translation>
    </message>
</context>
<context>
    <name>passscope::views::WelcomePage</name>
    <message>
        <source>Open a model to see what the graph compiler does to it</source>
        <translation>打开一个模型，查看图编译器对它做了什么</translation>
    </message>
    <message>
        <source>Choose File ▸ Open… (%1), pick a recent model, or drop an ONNX file (or a folder of GE graph dumps) on this window.</source>
        <translation>选择 文件 ▸ 打开…（%1）、从最近文件中选择一个模型，或将 ONNX 文件（或 GE 图 dump 文件夹）拖放到此窗口。</translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation>打开模型…</translation>
    </message>
</context>
<context>
    <name>passscope::views::WindowDialogs</name>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open GE Dump Folder</source>
        <translation>打开 GE Dump 文件夹</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>与其他模型比较</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>PassScope sessions (*.json)</source>
        <translation>PassScope 会话 (*.json)</translation>
    </message>
    <message>
        <source>Could Not Save Session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Could Not Open Session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Export Optimized Model</source>
        <translation>导出优化后的模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;ONNX text (*.onnxtxt *.txt);;GE graph dump (ge_onnx_*.pbtxt)</source>
        <translation>ONNX 模型 (*.onnx);;ONNX 文本 (*.onnxtxt *.txt);;GE 图 dump (ge_onnx_*.pbtxt)</translation>
    </message>
    <message>
        <source>Could Not Export the Model</source>
        <translation>无法导出模型</translation>
    </message>
    <message>
        <source>Model at step %1 written to %2</source>
        <translation>第 %1 步的模型已写入 %2</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Could Not Export the Report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>Export Picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>SVG pictures (*.svg);;PNG images (*.png)</source>
        <translation>SVG 图片 (*.svg);;PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Could Not Export the Picture</source>
        <translation>无法导出图片</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language takes effect when PassScope starts again.</source>
        <translation>新语言将在 PassScope 重新启动后生效。</translation>
    </message>
    <message>
        <source>Could Not Open Model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>PassScope could not open “%1”.</source>
        <translation>PassScope 无法打开“%1”。</translation>
    </message>
    <message>
        <source>Pipeline Failed</source>
        <translation>流水线运行失败</translation>
    </message>
    <message>
        <source>The pipeline could not run.</source>
        <translation>流水线无法运行。</translation>
    </message>
    <message>
        <source>About PassScope</source>
        <translation>关于 PassScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PassScope %1&lt;/h3&gt;&lt;p&gt;See what a graph compiler&apos;s optimisation passes do to an ONNX model: constant folding, format refinement, TransData insertion, dead code and common subexpression elimination.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PassScope %1&lt;/h3&gt;&lt;p&gt;查看图编译器的优化 Pass 对 ONNX 模型做了什么：常量折叠、格式细化、TransData 插入、死代码消除与公共子表达式消除。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建，运行于 Qt %3。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>passscope::views::WindowStatus</name>
    <message>
        <source>Show the warnings reported while loading</source>
        <translation>显示加载时报告的警告</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1: %n node(s)</source>
        <translation>
            <numerusform>已打开 %1：%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Loading cancelled</source>
        <translation>已取消加载</translation>
    </message>
    <message>
        <source>Running the pipeline…</source>
        <translation>正在运行流水线…</translation>
    </message>
    <message numerus="yes">
        <source>Pipeline finished: %n pass run(s) in %1 s</source>
        <translation>
            <numerusform>流水线已完成：%n 次 Pass 运行，用时 %1 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline cancelled</source>
        <translation>流水线已取消</translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n box(es)…</source>
        <translation>
            <numerusform>正在布局 %n 个框…</numerusform>
        </translation>
    </message>
    <message>
        <source>Laid out in %1 s</source>
        <translation>布局用时 %1 秒</translation>
    </message>
    <message>
        <source>Layout failed: %1</source>
        <translation>布局失败：%1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Loaded in %1</source>
        <translation>加载用时 %1</translation>
    </message>
    <message>
        <source>Read %1, check %2, import %3, shape inference %4</source>
        <translation>读取 %1，检查 %2，导入 %3，形状推导 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 条警告</numerusform>
        </translation>
    </message>
</context>
</TS>
