"""The Spark job behind Scripts/spark-isolate: `bidi-fix isolate --jsonl` over one JSON Lines file,
a partition per task, written as Spark writes a data set (OUTPUT_DIR/part-00000-…, in input order).

Concatenated in name order, the part files are byte for byte what one `bidi-fix isolate --jsonl
--field … INPUT` prints, and the job exits with its status (0, or 2 when a record was left unchanged
as invalid UTF-8 or not JSON). Submit it to any cluster with the statically linked binary alongside:

  spark-submit --master yarn --files /path/to/bidi-fix Scripts/lib/spark_isolate_job.py \\
      [--partitions N] [--field PATH]… [--binary NAME] INPUT OUTPUT_DIR

How each byte survives Spark's line reader (see the comments at each step):
  - Lines are read by Spark SQL's text source with lineSep "\\n" and cast to binary: the raw bytes,
    a CR before LF kept, invalid UTF-8 kept. The RDD readers (`textFile`, `newAPIHadoopFile` with
    TextInputFormat) make a Java String of every line, which replaces invalid bytes with U+FFFD,
    and with their default separator drop a CR and split at a lone one.
  - Hadoop drops a UTF-8 byte-order mark before the first line; the first task puts it back.
  - A final line with no LF reads the same as one with; the job takes the LF the writer adds off
    the last part file.
  - Each line belongs to one split (the one it starts in), so partitions are runs of whole lines
    in file order; a split that no line starts in is an empty partition and writes nothing.
"""
import argparse
import math
import os
import subprocess
import sys
import threading
import time

from pyspark import AccumulatorParam, SparkFiles
from pyspark.sql import SparkSession
from pyspark.sql.types import BinaryType, StructField, StructType

BOM = b"\xef\xbb\xbf"
# bidi-fix's own statuses that still mean "everything was written": 2 is a record left unchanged.
WRITTEN_STATUSES = (0, 2)


class MaxParam(AccumulatorParam):
    def zero(self, value):
        return 0

    def addInPlace(self, a, b):
        return max(a, b)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input", metavar="INPUT", help="one JSON Lines file: a local path or any Hadoop URI")
    parser.add_argument("output", metavar="OUTPUT_DIR", help="must not exist yet")
    parser.add_argument("--field", action="append", metavar="PATH", help="as bidi-fix's --field (default: text)")
    parser.add_argument("--partitions", type=int, metavar="N", help="cut INPUT into N byte ranges of equal size")
    parser.add_argument(
        "--binary", default="bidi-fix", metavar="NAME",
        help="the name the binary was shipped under with --files (default: bidi-fix)")
    arguments = parser.parse_args()
    if arguments.partitions is not None and arguments.partitions < 1:
        parser.error("--partitions must be at least 1")
    arguments.field = arguments.field or ["text"]
    return arguments


class InputFile:
    """What the driver learns about INPUT through Hadoop's file system, before any task runs: the
    bytes Spark's reader loses at either end of the file are read here."""

    def __init__(self, spark, uri):
        jvm = spark.sparkContext._jvm
        conf = spark.sparkContext._jsc.hadoopConfiguration()
        path = jvm.org.apache.hadoop.fs.Path(uri)
        fs = path.getFileSystem(conf)
        matches = fs.globStatus(path)
        if matches is None or len(matches) == 0:
            fail(f"{uri}: no such file")
        # Spark orders the splits of several files by size, largest first, not by name: only one
        # file has an input order to keep.
        if len(matches) != 1 or not matches[0].isFile():
            fail(f"{uri}: INPUT must be one file, not a directory or a pattern of several")
        self.path = matches[0].getPath()
        name = self.path.getName()
        # Spark's file sources take such names for hidden files and read nothing from them, even
        # when named on their own.
        if name.startswith(("_", ".")) or name.endswith("._COPYING_"):
            fail(f"{uri}: Spark skips files named _… or .… (or …._COPYING_); rename or link it")
        # Hadoop would decompress it, and the ends of the file checked below would be the
        # compressed bytes.
        codec = jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(conf).getCodec(self.path)
        if codec is not None:
            fail(f"{uri}: compressed input ({codec.getClass().getSimpleName()}); decompress it first")
        self.size = matches[0].getLen()
        self.starts_with_bom = False
        self.ends_with_line_feed = True
        if self.size == 0:
            return
        stream = fs.open(self.path)
        try:
            head = bytes(stream.read() for _ in range(min(3, self.size)))
            self.starts_with_bom = head == BOM
            stream.seek(self.size - 1)
            self.ends_with_line_feed = stream.read() == 0x0A
        finally:
            stream.close()


def fail(message, status=2):
    """Stops before any task runs; status 2 as bidi-fix's own for input it cannot read."""
    print(f"spark-isolate: error: {message}", file=sys.stderr)
    sys.exit(status)


def isolate_partitions(rows, command, binary_name, starts_with_bom, records, filled, worst_status):
    """The function each task runs: its lines through one bidi-fix process, out as chunks of whole
    lines, each a row without its last LF (the text writer adds one back)."""

    def run(index, iterator):
        lines = (row[0] for row in iterator)
        first = next(lines, None)
        if index == 0 and starts_with_bom:
            # Hadoop took the mark off the first line; bidi-fix must see it, as it leaves such a
            # record unchanged. A partition 0 with no line read a file of the mark alone.
            first = BOM + (first or b"")
        if first is None:
            # No process, no row: an empty partition writes no part file, so no stray byte.
            return
        binary = SparkFiles.get(binary_name)
        if not os.access(binary, os.X_OK):
            os.chmod(binary, 0o755)
        process = subprocess.Popen(
            [binary, *command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        count = [0]

        def feed():
            # Every line goes in with an LF: a CR LF line's CR is still on it, so it goes in as
            # it was, and a final line with no LF comes out as it would, plus the LF the driver
            # takes off again.
            buffer = bytearray(first + b"\n")
            count[0] = 1
            try:
                for line in lines:
                    buffer += line
                    buffer += b"\n"
                    count[0] += 1
                    if len(buffer) >= 1 << 20:
                        process.stdin.write(buffer)
                        buffer.clear()
                process.stdin.write(buffer)
            except BrokenPipeError:
                pass  # bidi-fix stopped early: its status says why
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        errors = []
        feeder = threading.Thread(target=feed, daemon=True)
        reader = threading.Thread(target=lambda: errors.append(process.stderr.read()), daemon=True)
        feeder.start()
        reader.start()
        # Grown in place and searched only where it grew: a line of a gigabyte is copied a few
        # times, not once per megabyte read.
        pending = bytearray()
        try:
            while True:
                chunk = process.stdout.read(1 << 20)
                if not chunk:
                    break
                end = chunk.rfind(b"\n")
                if end >= 0:
                    end += len(pending)
                    pending += chunk
                    yield (bytes(pending[:end]),)
                    del pending[:end + 1]
                else:
                    pending += chunk
        finally:
            # A task Spark stops early (a failed or killed job) closes this generator at the yield.
            if process.poll() is None:
                process.kill()
        feeder.join()
        reader.join()
        status = process.wait()
        for message in errors[0].decode("utf-8", "replace").splitlines():
            # bidi-fix numbers lines from the start of its input, this partition's first line.
            print(f"spark-isolate: partition {index}: {message}", file=sys.stderr)
        if status not in WRITTEN_STATUSES or pending:
            raise RuntimeError(
                f"bidi-fix {' '.join(command)} failed on partition {index} with status {status}"
                + (f" and an unfinished last line of {len(pending)} bytes" if pending else ""))
        records.add(count[0])
        filled.add(1)
        worst_status.add(status)

    return rows.mapPartitionsWithIndex(run)


def drop_final_line_feed(spark, output):
    """Takes the writer's LF off the end of the last part file that has bytes: the input's last line
    had none. Rewrites that one file through Hadoop's file system, so it works wherever the job
    could write."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    directory = jvm.org.apache.hadoop.fs.Path(output)
    fs = directory.getFileSystem(conf)
    parts = sorted(
        (status for status in fs.listStatus(directory)
         if status.getPath().getName().startswith("part-") and status.getLen() > 0),
        key=lambda status: status.getPath().getName())
    if not parts:
        raise RuntimeError("no part file has bytes, but the input's last line must be in one")
    last = parts[-1].getPath()
    length = parts[-1].getLen()
    stream = fs.open(last)
    try:
        stream.seek(length - 1)
        if stream.read() != 0x0A:
            raise RuntimeError(f"{last} does not end in the LF the text writer adds")
    finally:
        stream.close()
    # Hadoop hides names that start with "_" from readers, should the job stop half way.
    moved = jvm.org.apache.hadoop.fs.Path(directory, "_" + last.getName() + ".unfinished")
    if not fs.rename(last, moved):
        raise RuntimeError(f"cannot rename {last}")
    source, target = fs.open(moved), fs.create(last, False)
    try:
        # Not Hadoop's copyBytes(in, out, count, close): py4j passes a small count as an int, and
        # that picks copyBytes(in, out, bufferSize, close), which copies everything.
        jvm.org.apache.commons.io.IOUtils.copyLarge(source, target, 0, length - 1)
    finally:
        source.close()
        target.close()
    fs.delete(moved, False)


def main():
    arguments = parse_arguments()
    started = time.monotonic()
    spark = SparkSession.builder.appName("bidi-fix isolate").getOrCreate()
    sc = spark.sparkContext
    startup_seconds = time.monotonic() - started

    job_started = time.monotonic()
    source = InputFile(spark, arguments.input)
    output = sc._jvm.org.apache.hadoop.fs.Path(arguments.output)
    if output.getFileSystem(sc._jsc.hadoopConfiguration()).exists(output):
        fail(f"{arguments.output} exists; the job writes a new directory", status=64)
    if arguments.partitions is not None and source.size > 0:
        # Splits of the same size; each partition is then one split (a split no line starts in is
        # an empty partition). N for any input of more than about N² bytes.
        split = max(1, math.ceil(source.size / arguments.partitions))
        spark.conf.set("spark.sql.files.maxPartitionBytes", str(split))
        spark.conf.set("spark.sql.files.minPartitionNum", str(arguments.partitions))
    # Split at LF alone: with no lineSep, Hadoop also splits at a lone CR and drops the CR of CR LF.
    lines = (
        spark.read.option("lineSep", "\n").text(source.path.toString())
        # The text source keeps a line's bytes as they are, valid UTF-8 or not; binary hands them
        # to Python as bytes, where a string column would be decoded.
        .selectExpr("cast(value as binary) as line"))
    partitions = lines.rdd.getNumPartitions()

    # bidi-fix's own --jobs on top of Spark's tasks would put two processes' threads on each
    # core: each task gets the cores Spark counts it to use.
    task_cpus = int(sc.getConf().get("spark.task.cpus", "1"))
    fields = [argument for path in arguments.field for argument in ("--field", path)]
    command = ["isolate", "--jsonl", *fields, "--jobs", str(task_cpus), "--no-progress"]
    records = sc.accumulator(0)
    filled = sc.accumulator(0)
    worst_status = sc.accumulator(0, MaxParam())
    isolated = isolate_partitions(
        lines.rdd, command, arguments.binary, source.starts_with_bom, records, filled, worst_status)
    # The text writer writes a row's bytes as they are, and an LF after each. A binary column cast
    # to string keeps its bytes; the RDD writer (saveAsTextFile) would decode them as UTF-8.
    (spark.createDataFrame(isolated, StructType([StructField("chunk", BinaryType())]))
        .selectExpr("cast(chunk as string) as chunk")
        .write.text(arguments.output))
    if records.value == 0 and source.size > (len(BOM) if source.starts_with_bom else 0):
        raise RuntimeError(f"Spark read no line of {source.path.toString()}, which has {source.size} bytes")
    if source.size > 0 and not source.ends_with_line_feed:
        drop_final_line_feed(spark, arguments.output)
    job_seconds = time.monotonic() - job_started

    print(
        f"spark-isolate: {records.value} lines in {partitions} partitions ({partitions - filled.value} empty); "
        f"Spark start-up {startup_seconds:.2f} s, job {job_seconds:.2f} s "
        f"({records.value / job_seconds:,.0f} lines/s)",
        file=sys.stderr)
    spark.stop()
    return worst_status.value


if __name__ == "__main__":
    sys.exit(main())
