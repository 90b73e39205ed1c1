<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>DescText</name>
    <message>
        <source>external data in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the caller&apos;s attribute “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… (%n more)</source>
        <translation>
            <numerusform>… (%n more)</numerusform>
            <numerusform>… (%n more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1%2, %n byte(s)</source>
        <translation>
            <numerusform>%1%2, %n byte</numerusform>
            <numerusform>%1%2, %n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>graph “%1”, %n node(s)</source>
        <translation>
            <numerusform>graph “%1”, %n node</numerusform>
            <numerusform>graph “%1”, %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n byte(s)</source>
        <translation>
            <numerusform>%1, %n byte</numerusform>
            <numerusform>%1, %n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n value(s)</source>
        <translation>
            <numerusform>%n value</numerusform>
            <numerusform>%n values</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Localization</name>
    <message>
        <source>No translation for “%1”; using English.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Use the translation for LOCALE (e.g. zh_CN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the node named NODE once loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PassScope: step through a graph compiler&apos;s optimisation passes on an ONNX model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX model to open (binary or text).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only one MODEL can be opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try &apos;passscope --help&apos; for more information.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node named “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of the window (with MODEL loaded) to FILE and exit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::MainWindow</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an ONNX model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model to see what the graph compiler does to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose File ▸ Open… (%1), pick a recent model, or drop an ONNX file on this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by node name or op type (regular expression)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case-insensitive unless the pattern contains an upper-case letter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Properties</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the warnings reported while loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Recent Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read %1, check %2, import %3, shape inference %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened %1: %n node(s)</source>
        <translation>
            <numerusform>Opened %1: %n node</numerusform>
            <numerusform>Opened %1: %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Open Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PassScope could not open “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid regular expression (%1): matching the text literally.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n node(s)</source>
        <translation>
            <numerusform>%1 of %n node</numerusform>
            <numerusform>%1 of %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>About PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;PassScope %1&lt;/h3&gt;&lt;p&gt;See what a graph compiler&apos;s optimisation passes do to an ONNX model: constant folding, format refinement, TransData insertion, dead code and common subexpression elimination.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::ModelLoader</name>
    <message>
        <source>Not enough memory to load %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error while loading %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::NodeTableModel</name>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::PropertiesPanel</name>
    <message>
        <source>Select a node in the table to see its attributes and tensor descriptions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(omitted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Control edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in, %2 out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attributes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No attributes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Producer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No outputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::SummaryPanel</name>
    <message>
        <source>File:          %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
