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
    <name>DiagramRender</name>
    <message>
        <source>there is nothing to draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the picture is too large to draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown picture format “%1” (use .svg or .png)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GraphScene</name>
    <message>
        <source>%1
Double-click to open this scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
Double-click to close this scope.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GraphvizLayout</name>
    <message>
        <source>The Graphviz dot layout plugin could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz could not create a layout context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph has %1 nodes; at most %2 can be laid out at once. Collapse groups to show fewer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph has %1 edges; at most %2 can be laid out at once. Collapse groups to show fewer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 refers to group %2, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group %1 has parent %2, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group %1 is its own ancestor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edge %1 (%2 to %3) refers to a node that does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz returned positions that are not numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz could not lay out the graph.</source>
        <translation type="unfinished"></translation>
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
    <name>MemoryLabels</name>
    <message>
        <source>Variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant placeholder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HBM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>own memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same name and format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>identical weight bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same weight file and offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same name, fits the existing block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shares %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (offset in the %2 pool)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (dynamic shape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tensor, %2 block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reuse:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NodeDataOverlay</name>
    <message numerus="yes">
        <source>%n tensor file(s)</source>
        <translation>
            <numerusform>%n tensor file</numerusform>
            <numerusform>%n tensor files</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing loaded (View ▸ Node Data ▸ Load…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differ by at most 1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by at most 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by more, inf/NaN, or another type or shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in one file only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaN or infinite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n node(s) differ</source>
        <translation>
            <numerusform>%1, %n node differs</numerusform>
            <numerusform>%1, %n nodes differ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n node(s)</source>
        <translation>
            <numerusform>%1, %n node</numerusform>
            <numerusform>%1, %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) name no node of this graph: %1%2</source>
        <translation>
            <numerusform>%n key names no node of this graph: %1%2</numerusform>
            <numerusform>%n keys name no node of this graph: %1%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NumericOverlay</name>
    <message numerus="yes">
        <source>step %1 against the original, %n value(s) differ</source>
        <translation>
            <numerusform>step %1 against the original, %n value differs</numerusform>
            <numerusform>step %1 against the original, %n values differ</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1 against the original, no value differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 cannot be evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 of %3 values evaluated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: this body did not run on these inputs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NumericSession</name>
    <message>
        <source>node “%1” (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the original graph at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (symbolic input dimensions were set to 1: pin them in Pipeline ▸ Options)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>Changes of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Origin format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant folding marks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added by this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed by this step (ghost)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed by this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F: reads a constant made by folding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TransData / ReFormat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+: inserted by this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reads a constant made by folding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reads a constant this step made or replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>potential constant (marked, not folded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✕: folding switched off for the node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs from the original by at most 1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by at most 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by more, inf/NaN, or another type or shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new: nothing in the original to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node data</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PassStatistic</name>
    <message>
        <source>Nodes replaced by constants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations removed (folded, dead, merged or bypassed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes of constants created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes of constants deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Potential constants marked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Common subexpressions merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Potential-constant marks without a weight, cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No-op dimension ops bypassed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs of dimension ops collapsed into one Reshape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes removed because nothing needs them</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Render</name>
    <message>
        <source>--step %1 is past the last pass run (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>In %1, “%2” should be %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a non-negative integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignored the unknown key “%1” in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a PassScope session file (its “format” is not “%2”).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no valid session version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a session of version %2; this PassScope reads version %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names no model (“model” is missing or empty).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list of non-negative integers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pair of numbers [x, y]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the session file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at offset %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a PassScope session file (expected a JSON object).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no model to save in a session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the session file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a file name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VariableNoteText</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an earlier graph of the session</source>
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
    <message>
        <source>Show the graph after pass run N (0 = before the pipeline).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the graph before and after the step side by side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--step needs a number of 0 or more, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there are only %1 pass runs; showing the last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the If/Loop/Scan body of node NODE once shown (NODE:ATTRIBUTE picks one, e.g. if:else_branch; default: the first), as its context menu does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline option KEY=VALUE, as passscope-cli --option (e.g. passscope.target=ge runs the format passes); repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a window showing MODEL and FILE side by side with their differences marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX model to open (binary or text), a GE dump file, or a folder of GE graph dumps to step through GE&apos;s compile stages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--compare needs a MODEL to compare FILE with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node with a body “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour the graph by MODE: changes, origin-format, storage-format, constants or numeric (how far each node&apos;s outputs are from the original&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the first pass run whose graph outputs differ from the original&apos;s (Pipeline ▸ Find First Divergent Step) and show it with the numeric overlay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown overlay “%1” (changes, origin-format, storage-format, constants, numeric)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pass run changed the graph outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A .npy or .pb file, or an ONNX test data folder (test_data_set_N), feeding graph inputs of the numeric overlay and --bisect, as passscope-cli bisect --inputs (Pipeline ▸ Numeric Inputs…); repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show other tools&apos; per-node numbers (Model Explorer node data, Polygraphy --save-outputs JSON, tensor files or a folder of them) with the node data overlay, as View ▸ Node Data; twice to colour by the difference of two.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no file or folder “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>numeric inputs from files: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::CompareLoader</name>
    <message>
        <source>Not enough memory to load %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error while loading %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough memory to compare %1 and %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not diff the models: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error while comparing %1 and %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::CompareView</name>
    <message numerus="yes">
        <source>%1: %2  (%n nodes)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graphs do not differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 removed, %2 added, %3 changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in B (removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in A (added)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed between A and B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graphs compute the same</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n constant(s) held differently</source>
        <translation>
            <numerusform>%n constant held differently</numerusform>
            <numerusform>%n constants held differently</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) with refined descriptions</source>
        <translation>
            <numerusform>%n node with refined descriptions</numerusform>
            <numerusform>%n nodes with refined descriptions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::CompareWindow</name>
    <message>
        <source>Compare — PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded in %1 s, diffed in %2 s, listed in %3 s, laid out in %4 s + %5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ↔ %2 — PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading and comparing %1 and %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Laying out…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compare the models.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::DiffList</name>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constants (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constants held differently (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same dtype, shape and bytes on both sides, in another holder (Constant node, initializer, Const) or under another name: not a difference of computation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Descriptions refined (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shapes or dtypes that were unknown in A and are known in B: nothing computes differently.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest difference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read by: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::GraphPanel</name>
    <message>
        <source>Before the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the main graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layout failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::GraphScene</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::LayoutWorker</name>
    <message>
        <source>Not enough memory for the layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error in the layout.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::MainWindow</name>
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
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — PassScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Side by Side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the graph before and after the selected step in two synchronized views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Minimap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do &amp;Not Fold This Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set _do_not_constant_folding on the selected node and run the pipeline again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folding switched off for %1; running again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folding switched on for %1; running again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(made by a pass: folding can only be switched off on nodes of the loaded model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Body “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimized &amp;Model at This Step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline &amp;Report (JSON)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Picture of the View (SVG, PNG)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variable Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Options…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the optimization level, passes, input shapes and folding exceptions, then run again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sa&amp;ve Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the model beside another one with the differences marked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open GE &amp;Dump Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a folder of GE graph dumps (DUMP_GE_GRAPH) and step through GE&apos;s compile stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next C&amp;hange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the next node the step changed, in the order of the data flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Chan&amp;ge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the previous node the step changed, in the order of the data flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find First &amp;Divergent Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Node Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate the graph at steps of the run on the numeric inputs and find the first pass run whose outputs differ from the original&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric &amp;Inputs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the .npy or .pb files, or an ONNX test data folder, that feed the graph inputs of the numeric overlay and Find First Divergent Step (seeded random values otherwise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load Node Data…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show other tools&apos; per-node numbers on the graph: Model Explorer node data, Polygraphy&apos;s saved outputs (JSON) or tensor files; two files are coloured by their difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Node Data &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A folder of per-tensor files (ONNX Runtime&apos;s .tensorproto dumps, .pb, .npy); shown with those loaded already, to compare two runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Node Data</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::MemoryMapPanel</name>
    <message>
        <source>Log size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Widths grow with the logarithm of each block&apos;s size, so small and large entries are both readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+ or the mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole pool (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No variables or constants in device memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, entries: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reused entries: %1 (saving %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::MemoryMapView</name>
    <message>
        <source>Variable memory map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model has no variables or constants in device memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables, constants and file constants appear here at the addresses GE&apos;s variable manager would give them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reuses the memory above it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear, %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log size, %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entries: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocks in address order from %1; widths grow with log2 of the size</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::Minimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::ModelDocument</name>
    <message>
        <source>no model is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pipeline run to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pipeline run to report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric inputs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added by this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed by this step</source>
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
    <name>passscope::views::NodesPanel</name>
    <message>
        <source>Filter by node name or op type (regular expression)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case-insensitive unless the pattern contains an upper-case letter.</source>
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
</context>
<context>
    <name>passscope::views::NumericController</name>
    <message>
        <source>%1: max |diff| %2, max rel. diff %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough memory to evaluate the graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error while evaluating the graph.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::NumericInputsDialog</name>
    <message>
        <source>Numeric Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files the numeric overlay and Find First Divergent Step feed the graph inputs with: a NumPy .npy or an ONNX TensorProto .pb each, or all from an ONNX test data folder. An input left empty gets seeded random values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seeded random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test Data &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ONNX test data folder (test_data_set_0 with input_0.pb, input_1.pb, …): each file feeds the input its tensor names, else the input at its position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric Input “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors (*.npy *.pb);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX Test Data Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::NumericView</name>
    <message>
        <source>Finding the first divergent step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding the first divergent step: evaluating the graph after step %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot find the first divergent step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding the first divergent step was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read node data: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load Node Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node data (*.json *.pb *.npy *.tensorproto);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node Data Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Numeric inputs: %n input(s) from files</source>
        <translation>
            <numerusform>Numeric inputs: %n input from files</numerusform>
            <numerusform>Numeric inputs: %n inputs from files</numerusform>
        </translation>
    </message>
    <message>
        <source>No pass run changed the graph outputs (on the numeric input files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pass run changed the graph outputs (on seeded random inputs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1, %2 (stage %3), is the first whose graph outputs differ from the original&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First Divergent Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show step %1 with the numeric difference overlay?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric difference: cannot evaluate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computing step %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::OptionsDialog</name>
    <message>
        <source>Pipeline Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK and Run Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O0 — no optimization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O1 — constant folding, dead code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O2 — and common subexpressions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O3 — everything (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O0: no pass runs; the graph stays as loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O1: the constant folding family and dead code elimination.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O2: O1 plus common subexpression elimination.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O3: every pass; GE&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GE&apos;s optimization level: O0 runs nothing, O1 folds constants and removes dead code, O2 also merges common subexpressions, O3 runs everything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Level:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant &amp;folding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the constant folding family of passes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not fold constants of more than 8 elements that several consumers share (saves memory, costs run time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not fold a node whose outputs would take more than this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Currently %1 bytes; kept unless you change the value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold size &amp;threshold:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many times a stage may repeat its passes to reach a fixed point.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Iteration cap:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph the pipeline produces: ONNX operators or GE&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;arget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bold: switched by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow &amp;Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the switches made by hand: every pass runs as the level and constant folding say.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input Shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin an input&apos;s shape before the pipeline runs, e.g. 1,3,224,224; leave empty to keep the model&apos;s shape.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model has no graph inputs to pin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not Folded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes marked _do_not_constant_folding (the node context menu adds them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switched on by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switched off by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follows the level and constant folding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an input of the loaded model; clear its dimensions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Variable fusion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target GE: store a variable in the format all its readers convert it to, and remove the conversions (VariableOpPass).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats (target GE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The format of graph inputs that no format-defining operator reaches (GE&apos;s data_format).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Data format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bundled table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The op-format capability table (JSON) the storage format selection reads; empty: the bundled default table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format tables (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format &amp;table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph input or output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The format a graph input or output is stored in on the device; empty: the one the format passes choose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an input or output of the loaded model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a readable file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The format passes run only for target GE.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::PassChart</name>
    <message>
        <source>Original model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: %2 (%3, iteration %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant bytes: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the pipeline to chart nodes and constant bytes after every pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::PipelineRunner</name>
    <message>
        <source>No model to optimise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough memory to run the pipeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error while running the pipeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline failed.</source>
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
    <message>
        <source>This step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folded from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Potential constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marked by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched off (_do_not_constant_folding)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not folded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>statistics of the first %1 values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min / max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaNs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refers to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Var key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logic address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no (memory of its own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the memory plan at this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not fused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decided at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1, later than the step shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trans road</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Persistent memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored as %1, but the attribute says %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input (from %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format conversion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric difference (step %1 against the original)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a value the original does not have: nothing to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original min / max / mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This step min / max / mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max |diff|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max rel. diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>within tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, %n NaN(s)</source>
        <translation>
            <numerusform>, %n NaN</numerusform>
            <numerusform>, %n NaNs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n infinite</source>
        <translation>
            <numerusform>, %n infinite</numerusform>
            <numerusform>, %n infinite</numerusform>
        </translation>
    </message>
    <message>
        <source>Node data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::RecentMenu</name>
    <message>
        <source>No Recent Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::SearchBar</name>
    <message>
        <source>Search: name, op type or regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches node names and op types, as the node table&apos;s filter does: a pattern with regex characters is a regular expression; case is ignored unless the pattern has an upper-case letter. Enter jumps to the next match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::StepController</name>
    <message>
        <source>Not enough memory to prepare the steps of the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error while preparing the steps of the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot prepare the steps of the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::StepFollower</name>
    <message>
        <source>The step shown marks no node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1 of %2: %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) (%1: next)</source>
        <translation>
            <numerusform>%n change (%1: next)</numerusform>
            <numerusform>%n changes (%1: next)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::SummaryPanel</name>
    <message>
        <source>No model loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IR version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Producer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opsets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n byte(s))</source>
        <translation>
            <numerusform>%1 (%n byte)</numerusform>
            <numerusform>%1 (%n bytes)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in external data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initializers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subgraphs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::TimelineModel</name>
    <message>
        <source>Original model</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) in the graph</source>
        <translation>
            <numerusform>%n node in the graph</numerusform>
            <numerusform>%n nodes in the graph</numerusform>
        </translation>
    </message>
    <message>
        <source>The model as loaded, before the first pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — stage %2, iteration %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) recorded</source>
        <translation>
            <numerusform>%n change recorded</numerusform>
            <numerusform>%n changes recorded</numerusform>
        </translation>
    </message>
    <message>
        <source>Changed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes added %1, removed %2, edited %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes left unfolded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time: %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position in the pipeline: the graph after this many steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration of the stage (stages repeat their passes to a fixed point)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes a folding pass examined and left alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time the pass took, in milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unfolded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant nodes created, deleted or edited: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing nodes the pass added (constants are counted apart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing nodes the pass removed (constants are counted apart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes whose inputs, attributes or descriptions the pass changed (a rewire from one constant to another is not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constant nodes the pass created, deleted or edited (e.g. an ONNX Constant folded into a Const): a change of representation, not of what is computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (first dump)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside the body %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes of the body added %1, removed %2, edited %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first ≠</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph outputs at this step differ from the original&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graph outputs at this step are the original&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whether the graph outputs at the step differ from the original&apos;s, where Find First Divergent Step evaluated them (= the same, ≠ different), and the first pass run whose outputs differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::TimelinePanel</name>
    <message>
        <source>First Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide passes that changed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the pass runs that changed the graph, so that stepping goes from one change to the next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the pipeline; the timeline keeps the last finished run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pipeline run</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pass run(s), %1 changed the graph</source>
        <translation>
            <numerusform>%n pass run, %1 changed the graph</numerusform>
            <numerusform>%n pass runs, %1 changed the graph</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the pipeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Running the pipeline: %n pass run(s) done, last %1</source>
        <translation>
            <numerusform>Running the pipeline: %n pass run done, last %1</numerusform>
            <numerusform>Running the pipeline: %n pass runs done, last %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>passscope::views::VarMemoryTableModel</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Var key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::WelcomePage</name>
    <message>
        <source>Open a model to see what the graph compiler does to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose File ▸ Open… (%1), pick a recent model, or drop an ONNX file (or a folder of GE graph dumps) on this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>passscope::views::WindowDialogs</name>
    <message>
        <source>Open Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open GE Dump Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PassScope sessions (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Optimized Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;ONNX text (*.onnxtxt *.txt);;GE graph dump (ge_onnx_*.pbtxt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Export the Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model at step %1 written to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Export the Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG pictures (*.svg);;PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Export the Picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language takes effect when PassScope starts again.</source>
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
        <source>Pipeline Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline could not run.</source>
        <translation type="unfinished"></translation>
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
    <name>passscope::views::WindowStatus</name>
    <message>
        <source>Show the warnings reported while loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
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
        <source>Loading cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the pipeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Pipeline finished: %n pass run(s) in %1 s</source>
        <translation>
            <numerusform>Pipeline finished: %n pass run in %1 s</numerusform>
            <numerusform>Pipeline finished: %n pass runs in %1 s</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n box(es)…</source>
        <translation>
            <numerusform>Laying out %n box…</numerusform>
            <numerusform>Laying out %n boxes…</numerusform>
        </translation>
    </message>
    <message>
        <source>Laid out in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
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
</context>
</TS>
