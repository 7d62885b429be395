import com.adobe.epubcheck.api.EpubCheck;
import com.adobe.epubcheck.util.DefaultReportImpl;
import java.io.File;

/** Runs EPUBCheck on several EPUBs in one JVM (tests): prints ERROR/FATAL lines, then VALID|INVALID per file. */
public class EpubCheckMany {
  public static void main(String[] args) {
    for (String path : args) {
      DefaultReportImpl report = new DefaultReportImpl(path);
      boolean valid = new EpubCheck(new File(path), report).validate();
      boolean clean = report.getErrorCount() == 0 && report.getFatalErrorCount() == 0;
      System.out.println((valid && clean ? "VALID " : "INVALID ") + path);
    }
  }
}
