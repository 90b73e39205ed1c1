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
    <name>Localization</name>
    <message>
        <source>No translation for “%1”; using English.</source>
        <translation>没有“%1”的翻译，使用英文。</translation>
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
        <source>ONNX model to open (binary or text).</source>
        <translation>要打开的 ONNX 模型（二进制或文本格式）。</translation>
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
</context>
<context>
    <name>passscope::views::MainWindow</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
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
        <source>Open a model to see what the graph compiler does to it</source>
        <translation>打开一个模型，查看图编译器对它做了什么</translation>
    </message>
    <message>
        <source>Choose File ▸ Open… (%1), pick a recent model, or drop an ONNX file on this window.</source>
        <translation>选择“文件 ▸ 打开…”（%1）、从最近打开的模型中选择，或将 ONNX 文件拖放到此窗口。</translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>Filter by node name or op type (regular expression)</source>
        <translation>按节点名称或算子类型筛选（正则表达式）</translation>
    </message>
    <message>
        <source>Case-insensitive unless the pattern contains an upper-case letter.</source>
        <translation>模式中不含大写字母时不区分大小写。</translation>
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
        <source>Show the warnings reported while loading</source>
        <translation>显示加载时报告的警告</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>No Recent Models</source>
        <translation>没有最近打开的模型</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 — PassScope</source>
        <translation>%1 — PassScope</translation>
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
    <message>
        <source>Warnings (%1)</source>
        <translation>警告 (%1)</translation>
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
        <source>Could Not Open Model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>PassScope could not open “%1”.</source>
        <translation>PassScope 无法打开“%1”。</translation>
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
</context>
<context>
    <name>passscope::views::SummaryPanel</name>
    <message>
        <source>File:          %1</source>
        <translation>文件：         %1</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
</context>
</TS>
